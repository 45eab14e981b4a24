import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import superjson from 'superjson';
import { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { createContextInner } from '@/server/trpc/context';
import { createCaller } from './router';
import { publicProcedure, router } from '@/server/trpc/init';
import { formFields } from '@/forms/fields';
import { DomainError } from '@/server/domain-error';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';

const documents = new SqliteDocuments(':memory:');

describe('health', () => {
  it('reports the build and the backend of the context', async () => {
    const api = createCaller(createContextInner({ backend: 'embedded', documents }));
    const health = await api.health.check();
    expect(health.status).toBe('ok');
    expect(health.backend).toBe('embedded');
    expect(health.buildId.length).toBeGreaterThan(0);
    expect(health.time).toBeInstanceOf(Date);
  });
});

describe('error formatter', () => {
  // A router of its own, so the formatter is exercised exactly as every feature's inputs are.
  const testRouter = router({
    signUp: publicProcedure
      .input(z.object({ email: formFields.email(), guests: formFields.number() }))
      .mutation(({ input }) => input),
    missing: publicProcedure.mutation(() => {
      throw new TRPCError({ code: 'NOT_FOUND', message: 'No such event' });
    }),
    taken: publicProcedure.mutation(() => {
      throw new DomainError('conflict', 'slugTaken', { slug: 'dock-party', event: 'Dock Party' }, { field: 'slug' });
    }),
    gone: publicProcedure.mutation(() => {
      throw new DomainError('not-found', 'eventNotFound');
    }),
  });

  async function post(body: unknown, procedure = 'signUp') {
    const response = await fetchRequestHandler({
      endpoint: '/api/trpc',
      req: new Request(`http://localhost/api/trpc/${procedure}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(superjson.serialize(body)),
      }),
      router: testRouter,
      createContext: () => createContextInner({ documents }),
    });
    return { status: response.status, body: (await response.json()) as { error?: { json: { data: Record<string, unknown> } } } };
  }

  it('returns the zod issues of a bad input with status 400', async () => {
    const { status, body } = await post({ email: 'nope', guests: 'two' });
    expect(status).toBe(400);
    expect(body.error?.json.data.code).toBe('BAD_REQUEST');
    expect(body.error?.json.data.zodIssues).toEqual([
      expect.objectContaining({ path: ['email'], message: 'email' }),
      expect.objectContaining({ path: ['guests'], message: 'numeric' }),
    ]);
  });

  it('accepts a valid input', async () => {
    const { status, body } = await post({ email: 'ada@example.org', guests: 2 });
    expect(status).toBe(200);
    expect(body.error).toBeUndefined();
  });

  it('sends no issues for errors that are not validation errors', async () => {
    const { status, body } = await post(undefined, 'missing');
    expect(status).toBe(404);
    expect(body.error?.json.data).toMatchObject({ code: 'NOT_FOUND', zodIssues: null });
  });

  it('names the field a domain refusal concerns, so a form shows it there', async () => {
    const { status, body } = await post(undefined, 'taken');
    expect(status).toBe(409);
    expect(body.error?.json.data).toMatchObject({
      code: 'CONFLICT',
      reason: 'slugTaken',
      reasonParams: { slug: 'dock-party', event: 'Dock Party' },
      reasonField: 'slug',
    });
  });

  it('names no field for a refusal that concerns none, nor for errors that are not refusals', async () => {
    expect((await post(undefined, 'gone')).body.error?.json.data).toMatchObject({ code: 'NOT_FOUND', reason: 'eventNotFound', reasonField: null });
    expect((await post(undefined, 'missing')).body.error?.json.data).toMatchObject({ reasonField: null });
    expect((await post({ email: 'nope', guests: 'two' })).body.error?.json.data).toMatchObject({ reason: 'invalidRequest', reasonField: null });
  });
});
