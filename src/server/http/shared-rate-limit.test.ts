// The shared bucket's cell math, and that it decides as the in-memory bucket does (within its one
// cell) on the nights and scripts the policies were chosen for, here on the embedded store.
import { describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { RATE_POLICIES, RateLimiter, type RatePolicyName } from './rate-limit';
import { cellAt, cellMs, claimable, keyHash, RateLimitCells, retryAfterSeconds, SharedRateLimiter } from './shared-rate-limit';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const SECRET = new Uint8Array(32).fill(7);

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms), set: (at: number) => (now = at) };
}

describe('the cells of a shared bucket', () => {
  const policy = { burst: 3, perMinute: 6 };

  it('are as long as one token takes to refill', () => {
    expect(cellMs(policy)).toBe(10 * SECOND);
    expect(cellMs(RATE_POLICIES.authMailsToAddress)).toBe(5 * MINUTE);
    expect([0, 9_999, 10_000, 25_000].map((at) => cellAt(policy, at))).toEqual([0, 0, 1, 2]);
  });

  it('are claimable from the current one for as many as the burst', () => {
    expect([-1, 0, 1, 2, 3].map((cell) => claimable(policy, cell, 4 * SECOND))).toEqual([false, true, true, true, false]);
    expect([2, 3, 4].map((cell) => claimable(policy, cell, 12 * SECOND))).toEqual([true, true, false]);
  });

  it('say when the next free one comes within the burst, as the bucket does', () => {
    // Cells 0..2 spent at once: cell 3 comes within reach at 10 s.
    expect(retryAfterSeconds(policy, 3, 0)).toBe(10);
    expect(retryAfterSeconds(policy, 3, 4 * SECOND)).toBe(6);
    expect(retryAfterSeconds(policy, 3, 9_999)).toBe(1);
    const bucket = new RateLimiter(policy, () => 0);
    [1, 2, 3].forEach(() => bucket.take('a'));
    expect(bucket.take('a')).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });

  it('are named by a keyed hash of the key: never the key, not the same for another policy or secret', () => {
    const hash = keyHash(SECRET, 'authMailsToAddress', 'ada@example.org');
    expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(hash).not.toContain('ada');
    expect(keyHash(SECRET, 'authMailsToAddress', 'ada@example.org')).toBe(hash);
    expect(keyHash(SECRET, 'authMailsFromClient', 'ada@example.org')).not.toBe(hash);
    expect(keyHash(new Uint8Array(32).fill(8), 'authMailsToAddress', 'ada@example.org')).not.toBe(hash);
  });
});

describe('a shared limiter on one store', () => {
  it('allows the burst, refuses with the seconds to wait, and refills one cell at a time', async () => {
    const time = clock(1_000 * MINUTE);
    const limiter = new SharedRateLimiter(new SqliteDocuments(':memory:'), 'test', { burst: 3, perMinute: 6 }, SECRET, time.now);
    expect(await Promise.all([1, 2, 3].map(() => limiter.take('a')))).toEqual(Array(3).fill({ allowed: true }));
    expect(await limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect((await limiter.take('b')).allowed).toBe(true);
    time.advance(10 * SECOND);
    expect((await limiter.take('a')).allowed).toBe(true);
    expect((await limiter.take('a')).allowed).toBe(false);
  });

  it('refuses a flood without writing: one cell document per admitted request, each ending with its cell', async () => {
    const time = clock(1_000 * MINUTE);
    const documents = new SqliteDocuments(':memory:');
    const limiter = new SharedRateLimiter(documents, 'test', { burst: 5, perMinute: 1 }, SECRET, time.now);
    let allowed = 0;
    for (let i = 0; i < 200; i++) if ((await limiter.take('script')).allowed) allowed++;
    expect(allowed).toBe(5);
    const cells = await documents.collection(RateLimitCells).get();
    expect(cells).toHaveLength(5);
    for (const { data } of cells) expect(data.expiresAt.getTime()).toBe((data.cell + 1) * MINUTE);
  });

  it("after forgetting a key (another instance's view), counts where its cells have got to", async () => {
    const time = clock(1_000 * MINUTE);
    const documents = new SqliteDocuments(':memory:');
    const policy = { burst: 10, perMinute: 1 };
    const first = new SharedRateLimiter(documents, 'test', policy, SECRET, time.now);
    for (let i = 0; i < 7; i++) await first.take('door');
    const fresh = new SharedRateLimiter(documents, 'test', policy, SECRET, time.now);
    const decisions = await Promise.all(Array.from({ length: 5 }, () => fresh.take('door')));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(3);
  });
});

/** Replays requests at the given times (ms) against both limiters; how many each refused. */
async function refusals(name: RatePolicyName, times: number[]): Promise<{ bucket: number; shared: number }> {
  const time = clock();
  const policy = RATE_POLICIES[name];
  const bucket = new RateLimiter(policy, time.now);
  const shared = new SharedRateLimiter(new SqliteDocuments(':memory:'), name, policy, SECRET, time.now);
  const refused = { bucket: 0, shared: 0 };
  for (const at of [...times].sort((a, b) => a - b)) {
    time.set(at);
    if (!bucket.take('one key').allowed) refused.bucket++;
    if (!(await shared.take('one key')).allowed) refused.shared++;
  }
  return refused;
}

const every = (count: number, intervalMs: number, start = 0) => Array.from({ length: count }, (_, i) => start + i * intervalMs);

describe('the shared policies decide as the in-memory bucket on the nights of decision 016', () => {
  it('sessions: 600 phones behind one Wi-Fi renewing hourly and 50 signing in within half a minute pass; a script is held to one every two seconds', async () => {
    expect(await refusals('sessionCreation', [...every(600, 6 * SECOND), ...every(50, 600, 10 * MINUTE)])).toEqual({ bucket: 0, shared: 0 });
    const script = await refusals('sessionCreation', every(600, 100));
    expect(script.shared).toBeGreaterThan(450);
    expect(Math.abs(script.shared - script.bucket)).toBeLessThanOrEqual(1);
  });

  it('sign-in mails: three clicks, then one every five minutes, pass; a script mailing a stranger every ten seconds gets as far as with the bucket, within one', async () => {
    expect(await refusals('authMailsToAddress', [...every(3, 5 * SECOND), ...every(10, 5 * MINUTE + SECOND, 5 * MINUTE + 11 * SECOND)])).toEqual({ bucket: 0, shared: 0 });
    const script = await refusals('authMailsToAddress', every(360, 10 * SECOND));
    expect(360 - script.shared).toBeLessThanOrEqual(3 + 12 + 1);
    expect(Math.abs(script.shared - script.bucket)).toBeLessThanOrEqual(1);
  });

  it('the door: a search and an admission every ten seconds and a list a minute pass; a script walking names is held to the refill', async () => {
    expect(await refusals('doorSearches', every(360, 10 * SECOND))).toEqual({ bucket: 0, shared: 0 });
    expect(await refusals('doorAdmits', every(360, 10 * SECOND))).toEqual({ bucket: 0, shared: 0 });
    expect(await refusals('doorLists', every(60, MINUTE))).toEqual({ bucket: 0, shared: 0 });
    const script = await refusals('doorSearches', every(600, 100));
    expect(script.shared).toBeGreaterThan(550);
    expect(Math.abs(script.shared - script.bucket)).toBeLessThanOrEqual(1);
  });
});

describe('the cells in Firestore', () => {
  it('are the server’s alone: no rule opens rateLimits/, and the TTL policy on expiresAt is declared', async () => {
    const { readFileSync } = await import('node:fs');
    const rules = readFileSync(new URL('../../../firebase/firestore.rules', import.meta.url), 'utf8');
    expect(rules).toMatch(/match \/\{document=\*\*\} \{\s*allow read, write: if false;/);
    expect(rules).not.toMatch(/match \/rateLimits/);
    const indexes = JSON.parse(readFileSync(new URL('../../../firebase/firestore.indexes.json', import.meta.url), 'utf8')) as { fieldOverrides: { collectionGroup: string; fieldPath: string; ttl?: boolean }[] };
    expect(indexes.fieldOverrides).toContainEqual(expect.objectContaining({ collectionGroup: RateLimitCells.name, fieldPath: 'expiresAt', ttl: true }));
  });
});
