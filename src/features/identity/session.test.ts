import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import { createSession, endSession, SESSION_MAX_AGE_SECONDS, SessionError, sessionRechecks, verifySession } from './session';
import { Users } from './users';
import { endAllSessions, RENEWAL_GRACE_SECONDS, Sessions } from './session-records';

// FakeAccounts accepts any unsigned token, as firebase-admin does against the Auth emulator: what
// these tests show is refused is refused by the server's own session records.
describe('server sessions', () => {
  let documents: SqliteDocuments;
  let accounts: FakeAccounts;
  const signIn = async (uid: string, previousCookie?: string, now = Date.now()) =>
    createSession(documents, { idToken: FakeAccounts.idToken(uid, Math.floor(now / 1000)), previousCookie, now }, accounts);
  const who = async (cookie: string | undefined, now = Date.now()) => (await verifySession(documents, cookie, accounts, now))?.uid ?? null;

  beforeEach(() => {
    documents = new SqliteDocuments(':memory:');
    accounts = new FakeAccounts();
  });

  it('a cookie the server issued identifies its account', async () => {
    const cookie = await signIn('mia');
    expect(await who(cookie)).toBe('mia');
  });

  it('refuses a forged cookie that Firebase would accept (unsigned, for the demo admin) because the server never issued it', async () => {
    await signIn('demo-admin');
    const forged = await accounts.createSessionCookie(FakeAccounts.idToken('demo-admin', Math.floor(Date.now() / 1000), { role: 'admin' }));
    expect(await accounts.verifySessionCookie(forged)).toMatchObject({ uid: 'demo-admin' });
    expect(await who(forged)).toBeNull();
    expect(await who(`${forged}~made-up-nonce`)).toBeNull();
  });

  it('after signing out, a copy of the cookie is refused, and so is every earlier renewal of it', async () => {
    const first = await signIn('mia');
    const renewed = await signIn('mia', first);
    expect(await who(first)).toBe('mia');
    await endSession(documents, renewed);
    expect(await who(renewed)).toBeNull();
    expect(await who(first)).toBeNull();
  });

  it('signing out on one device leaves the same account signed in on another, even when both signed in within the same second', async () => {
    const now = Date.now();
    const doorPhone = await signIn('mia', undefined, now);
    const ownPhone = await signIn('mia', undefined, now);
    expect(doorPhone).not.toBe(ownPhone);
    await endSession(documents, doorPhone);
    expect(await who(doorPhone)).toBeNull();
    expect(await who(ownPhone)).toBe('mia');
  });

  it('a renewed cookie replaces the old one after a short grace', async () => {
    const now = Date.now();
    const first = await signIn('mia', undefined, now);
    await signIn('mia', first, now);
    expect(await who(first, now + (RENEWAL_GRACE_SECONDS - 1) * 1000)).toBe('mia');
    expect(await who(first, now + (RENEWAL_GRACE_SECONDS + 1) * 1000)).toBeNull();
  });

  it('another account signing in on the same browser ends the previous one there', async () => {
    const mias = await signIn('mia');
    const alexs = await signIn('alex', mias);
    expect(await who(mias)).toBeNull();
    expect(await who(alexs)).toBe('alex');
  });

  it('signing out everywhere ends every device of the account only', async () => {
    const phone = await signIn('mia');
    const laptop = await signIn('mia');
    const other = await signIn('alex');
    await endAllSessions(documents, 'mia');
    expect([await who(phone), await who(laptop), await who(other)]).toEqual([null, null, 'alex']);
  });

  it('a record outlives nothing: an expired session is refused and cleared at the next sign-in', async () => {
    const now = Date.now();
    const old = await signIn('mia', undefined, now - 15 * 24 * 3600 * 1000);
    expect(await who(old, now)).toBeNull();
    await signIn('mia', undefined, now);
    expect((await documents.collection(Sessions).get()).length).toBe(1);
  });

  it('a token refreshed long after its sign-in (a new iat, an old auth_time) starts no new session', async () => {
    const now = Date.now();
    const refreshed = FakeAccounts.idToken('mia', Math.floor(now / 1000), { auth_time: Math.floor(now / 1000) - 3600 });
    await expect(createSession(documents, { idToken: refreshed, now }, accounts)).rejects.toMatchObject({ reason: 'stale-token' });
    expect(await documents.collection(Sessions).get()).toEqual([]);
  });

  it('a refreshed token renews a live session of its browser, and the identity keeps the time of the sign-in', async () => {
    const now = Date.now();
    const signedInAt = Math.floor(now / 1000);
    const first = await signIn('mia', undefined, now);
    const later = now + 3600 * 1000;
    const refreshed = FakeAccounts.idToken('mia', Math.floor(later / 1000), { auth_time: signedInAt });
    const renewed = await createSession(documents, { idToken: refreshed, previousCookie: first, now: later }, accounts);
    expect(await verifySession(documents, renewed, accounts, later)).toMatchObject({ uid: 'mia', authTime: signedInAt });
  });

  it('renewing every hour does not keep a session past its maximum age after the sign-in', async () => {
    const start = Date.now();
    const signedInAt = Math.floor(start / 1000);
    let cookie = await signIn('mia', undefined, start);
    const renewAt = async (at: number) => {
      cookie = await createSession(documents, { idToken: FakeAccounts.idToken('mia', Math.floor(at / 1000), { auth_time: signedInAt }), previousCookie: cookie, now: at }, accounts);
    };
    const day = 24 * 3600 * 1000;
    for (let at = start + day; at < start + 13 * day; at += day) await renewAt(at);
    expect(await who(cookie, start + 13 * day)).toBe('mia');
    expect(await who(cookie, start + (SESSION_MAX_AGE_SECONDS + 1) * 1000)).toBeNull();
    await expect(renewAt(start + (SESSION_MAX_AGE_SECONDS + 60) * 1000)).rejects.toMatchObject({ reason: 'stale-token' });
  });

  it('open streams’ rechecks made at once are one round (each cookie verified once, each account’s document read once), and the next round sees a change', async () => {
    const doorPhone = await signIn('door');
    const otherPhone = await signIn('door');
    const recheck = sessionRechecks(documents, accounts);
    const verified = vi.spyOn(accounts, 'verifySessionCookie');
    const collections = vi.spyOn(documents, 'collection');
    const userReads = () => collections.mock.calls.filter(([collection]) => collection.name === Users.name).length;

    const round = await Promise.all([recheck(doorPhone), recheck(doorPhone), recheck(otherPhone), recheck(undefined)]);
    expect(round.map((identity) => identity?.uid ?? null)).toEqual(['door', 'door', 'door', null]);
    expect(verified).toHaveBeenCalledTimes(2);
    expect(userReads()).toBe(1);

    await endSession(documents, doorPhone);
    await documents.collection(Users).doc('door').update({ role: 'scanner' });
    await new Promise((resolve) => setImmediate(resolve));
    const next = await Promise.all([recheck(doorPhone), recheck(otherPhone)]);
    expect(next.map((identity) => identity?.role ?? null)).toEqual([null, 'scanner']);
    expect(next[0]).toBeNull();
  });

  it('a stale or invalid ID token starts no session', async () => {
    const now = Date.now();
    const stale = FakeAccounts.idToken('mia', Math.floor(now / 1000) - 600);
    await expect(createSession(documents, { idToken: stale, now }, accounts)).rejects.toMatchObject({ reason: 'stale-token' });
    await expect(createSession(documents, { idToken: 'garbage', now }, accounts)).rejects.toBeInstanceOf(SessionError);
    expect(await documents.collection(Sessions).get()).toEqual([]);
  });
});
