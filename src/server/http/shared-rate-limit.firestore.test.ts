// A shared limit holds across servers: two Firestore adapters (two "servers", each with its own
// limiter, as two instances have) on one stand-in admit no more than the policy allows together.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Documents } from '@/server/documents/port';
import { standInDocuments } from '@/server/testing/firestore-stand-in';
import { RateLimitCells, SharedRateLimiter } from './shared-rate-limit';

const SECRET = new Uint8Array(32).fill(3);
const POLICY = { burst: 10, perMinute: 1 };
const NOW = 2_000_000 * 60_000;

describe('a shared rate limit on Firestore, two servers', () => {
  let documents: Documents;
  let anotherServer: () => Documents;
  let contents: () => string;
  let close: () => Promise<void>;
  let now = NOW;

  beforeEach(async () => {
    now = NOW;
    ({ documents, anotherServer, contents, close } = await standInDocuments());
  });
  afterEach(() => close());

  const servers = () => [new SharedRateLimiter(documents, 'doorSearches', POLICY, SECRET, () => now), new SharedRateLimiter(anotherServer(), 'doorSearches', POLICY, SECRET, () => now)] as const;

  it('20 requests alternating between the servers against a burst of 10 admit 10', async () => {
    const [a, b] = servers();
    const decisions = [];
    for (let i = 0; i < 20; i++) decisions.push(await (i % 2 ? b : a).take('Door 1 phone'));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
    expect(decisions.slice(0, 10).every((decision) => decision.allowed)).toBe(true);
    expect(decisions.at(-1)).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('40 requests at once, 20 on each server, admit 10; a minute later one more passes, on either', async () => {
    const [a, b] = servers();
    const decisions = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? b : a).take('Door 1 phone')));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
    expect(await documents.collection(RateLimitCells).get()).toHaveLength(10);
    now += 60_000;
    expect(await Promise.all([a.take('Door 1 phone'), b.take('Door 1 phone')])).toEqual(expect.arrayContaining([{ allowed: true }, expect.objectContaining({ allowed: false })]));
  });

  it('counts each key on its own and stores none in clear', async () => {
    const [a, b] = servers();
    for (let i = 0; i < 10; i++) await a.take('ada@example.org');
    expect((await b.take('ada@example.org')).allowed).toBe(false);
    expect((await b.take('203.0.113.7')).allowed).toBe(true);
    expect(contents()).not.toMatch(/ada@example|203\.0\.113/);
  });
});
