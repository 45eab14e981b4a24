// The tRPC instance. Only named trust levels are exported; the raw instance stays here.
import 'server-only';
import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import type { Context } from './context';
import type { WireIssue } from '@/forms/validation';

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    return {
      ...shape,
      data: {
        ...shape.data,
        // Field-level issues for forms: path and code, so the client shows its own localized text.
        zodIssues: (
          cause instanceof ZodError
            ? cause.issues.map((issue) => ({
                path: issue.path.map(String),
                code: issue.code,
                format: 'format' in issue ? String(issue.format) : undefined,
                expected: 'expected' in issue ? String(issue.expected) : undefined,
                message: issue.message,
              }))
            : null) satisfies WireIssue[] | null,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure;
