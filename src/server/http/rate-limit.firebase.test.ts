// On the Firebase backend `limitRate` takes a shared policy's tokens from Firestore and keeps an
// instance policy's in memory; the refusal is the same DomainError either way.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Documents } from '@/server/documents/port';
import { standInDocuments } from '@/server/testing/firestore-stand-in';

vi.hoisted(() => {
  Object.assign(process.env, {
    BACKEND: 'firebase',
    FIREBASE_PROJECT_ID: 'demo-venue',
    FIREBASE_API_KEY: 'test-api-key',
    FIREBASE_AUTH_DOMAIN: 'demo-venue.firebaseapp.com',
    PASS_SIGNING_KEY: 'A'.repeat(43),
    TICKET_SIGNING_KEY: 'B'.repeat(43),
  });
});
const store = vi.hoisted(() => ({ documents: undefined as Documents | undefined }));
vi.mock('@/server/documents/documents', () => ({ getDocuments: () => store.documents }));

const { limitRate, RATE_POLICIES } = await import('./rate-limit');
const { RateLimitCells } = await import('./shared-rate-limit');

describe('limitRate on the Firebase backend', () => {
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ documents: store.documents, close } = await standInDocuments());
  });
  afterAll(async () => {
    vi.useRealTimers();
    await close();
  });

  it('counts a shared policy in Firestore and refuses past its burst with the usual refusal', async () => {
    // At the start of a cell, so that no token comes back while the test runs.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000 * 3_000);
    for (let i = 0; i < RATE_POLICIES.doorSearches.burst; i++) await limitRate('doorSearches', 'scanner-1 phone-1');
    await expect(limitRate('doorSearches', 'scanner-1 phone-1')).rejects.toMatchObject({ kind: 'rate-limited', reason: 'rateLimited', params: { seconds: '3' } });
    expect(await store.documents!.collection(RateLimitCells).get()).toHaveLength(RATE_POLICIES.doorSearches.burst);
    vi.useRealTimers();
  });

  it('keeps an instance policy in memory: no document written', async () => {
    const before = (await store.documents!.collection(RateLimitCells).get()).length;
    for (let i = 0; i < 10; i++) await limitRate('doorScans', 'scanner-1 phone-1');
    expect(await store.documents!.collection(RateLimitCells).get()).toHaveLength(before);
  });
});
