// The tRPC instance. Only named trust levels are exported; the raw instance stays here.
import 'server-only';
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import superjson from 'superjson';
import type { Context } from './context';
import type { WireIssue } from '@/forms/form-messages';
import type { Role } from '@/access/roles';
import { DomainError, type DomainErrorKind } from '@/server/domain-error';
import { errorMessages } from '@/i18n/api-messages';
import { DEFAULT_LOCALE } from '@/i18n/routing';
import type { ErrorReason } from '@/i18n/types';

const TRPC_CODE: Record<DomainErrorKind, TRPCError['code']> = {
  'not-found': 'NOT_FOUND',
  conflict: 'CONFLICT',
  forbidden: 'FORBIDDEN',
  invalid: 'BAD_REQUEST',
  'rate-limited': 'TOO_MANY_REQUESTS',
};

/** Refusals of a request the server could not read or use: the client sent something wrong. */
const MALFORMED: ReadonlySet<TRPCError['code']> = new Set(['BAD_REQUEST', 'PARSE_ERROR', 'NOT_FOUND', 'METHOD_NOT_SUPPORTED', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'UNPROCESSABLE_CONTENT']);

/** Every procedure declares who may call it; the access matrix test reads this. */
export interface ProcedureMeta {
  access: 'public' | 'signed-in' | readonly Role[];
}

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  // superjson (live feeds' results go out through src/features/live/live-endpoint.ts instead).
  transformer: superjson,
  errorFormatter({ shape, error, ctx }) {
    const cause = error.cause;
    // Without a context (the request failed before it was made) the default language answers.
    const t = errorMessages(ctx?.locale ?? DEFAULT_LOCALE);
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      // What went wrong is in the server's log (the route's onError); the caller learns only that
      // something did, never a stack, a path or an internal message.
      const { stack: _stack, ...data } = shape.data;
      return { ...shape, message: t('unexpected'), data: { ...data, zodIssues: null, reason: null, reasonParams: null, reasonField: null } };
    }
    if (MALFORMED.has(error.code) && !(cause instanceof DomainError)) {
      // tRPC's own text (a JSON parse error, zod's issue dump) is for developers; the reason and
      // message are for people, and forms still get the field issues below.
      shape = { ...shape, message: t('reasons.invalidRequest'), data: { ...shape.data } };
    }
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
                origin: 'origin' in issue ? String(issue.origin) : undefined,
                minimum: 'minimum' in issue ? Number(issue.minimum) : undefined,
                maximum: 'maximum' in issue ? Number(issue.maximum) : undefined,
                message: issue.message,
              }))
            : null) satisfies WireIssue[] | null,
        /** Which localized message explains a domain refusal (Errors.reasons.<reason>). */
        reason: (cause instanceof DomainError ? cause.reason : MALFORMED.has(error.code) ? 'invalidRequest' : null) satisfies ErrorReason | null,
        reasonParams: cause instanceof DomainError ? cause.params : null,
        /** The input field a domain refusal concerns (a dotted path), so a form shows it there. */
        reasonField: cause instanceof DomainError ? cause.field : null,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Domain refusals become tRPC errors here, so handlers never translate them one by one. */
const procedure = t.procedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE[cause.kind], message: cause.message, cause });
  }
  return result;
});

/** Anyone, signed in or not. */
export const publicProcedure = procedure.meta({ access: 'public' });

/** A signed-in person, with or without a role; `ctx.identity` is never null here. */
export const signedInProcedure = procedure.meta({ access: 'signed-in' }).use(async ({ ctx, next }) => {
  const identity = await ctx.resolveIdentity();
  if (!identity) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue.' });
  return next({ ctx: { ...ctx, identity } });
});

/** A signed-in person holding one of the roles. */
export function roleProcedure(...roles: [Role, ...Role[]]) {
  return procedure.meta({ access: roles }).use(async ({ ctx, next }) => {
    const identity = await ctx.resolveIdentity();
    if (!identity) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue.' });
    const role = identity.role;
    if (!role || !roles.includes(role)) throw new TRPCError({ code: 'FORBIDDEN', message: 'Your role does not allow this.' });
    return next({ ctx: { ...ctx, identity: { ...identity, role } } });
  });
}

/**
 * An admin's change that shows on event pages (an event, or an image an event shows as its cover):
 * their cached renderings are made again.
 */
export const adminChangingEvents = roleProcedure('admin').use(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) ctx.publicPages.eventsChanged();
  return result;
});
