// Readiness: ready once the store answers a read; not ready, with the reason, when it fails or is late.
import { describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import type { Documents } from '@/server/documents/port';
import { checkReadiness } from './readiness';

/** A store whose reads all end as `read` says. */
const storeReading = (read: () => Promise<unknown>) => ({ collection: () => ({ doc: () => ({ get: read }) }) }) as unknown as Documents;

describe('readiness', () => {
  it('is ready when the store answers a read', async () => {
    expect(await checkReadiness(new SqliteDocuments(':memory:'))).toEqual({ ready: true, storeMs: expect.any(Number) });
  });

  it('is not ready when the store refuses the read, or does not answer in time', async () => {
    expect(await checkReadiness(storeReading(() => Promise.reject(new Error('UNAVAILABLE'))))).toEqual({ ready: false, reason: 'store-unavailable' });
    expect(await checkReadiness(storeReading(() => new Promise(() => {})), 50)).toEqual({ ready: false, reason: 'store-timeout' });
  });
});
