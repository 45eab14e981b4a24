import { describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-locale': 'de' }) }));
vi.mock('@/features/identity/session', () => ({ SESSION_COOKIE: '__session', verifySession: async () => null }));
vi.mock('@/server/documents/documents', async () => {
  const { SqliteDocuments } = await import('@/server/documents/embedded/sqlite-documents');
  const documents = new SqliteDocuments(':memory:');
  return { getDocuments: () => documents };
});

describe('server-side caller', () => {
  it('calls procedures directly with the request context', async () => {
    const { getServerApi } = await import('./server');
    const api = await getServerApi();
    await expect(api.health.check()).resolves.toMatchObject({ status: 'ok', backend: 'embedded' });
  });
});
