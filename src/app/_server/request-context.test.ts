// The language the person last used the app in (issue 44: their mail's): a signed-in request that
// carries the app's x-locale header makes it the account's, with no read beyond the session check's
// and a write only when it changed, once for the requests of one page sent together.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Identity } from '@/access/identity';
import type { UserDocument } from '@/features/identity/users';

const state = vi.hoisted(() => ({ documents: null as unknown as import('@/server/documents/embedded/sqlite-documents').SqliteDocuments, signedIn: true }));
vi.mock('@/server/documents/documents', () => ({ getDocuments: () => state.documents }));
// The session check as the real one makes it: the person's document read through the reader it is given.
vi.mock('@/features/identity/session', () => ({
  SESSION_COOKIE: '__session',
  sessionRechecks: () => async () => null,
  verifySession: async (_documents: unknown, cookie: string | undefined, _accounts: unknown, _now: unknown, storedUser: (uid: string) => Promise<UserDocument | undefined>) => {
    if (!cookie || !state.signedIn) return null;
    const user = await storedUser('ada');
    return user && !user.disabled ? ({ uid: 'ada', email: 'ada@example.org', emailVerified: true, displayName: 'Ada', photoURL: null, role: null } satisfies Identity) : null;
  },
}));

const { SqliteDocuments } = await import('@/server/documents/embedded/sqlite-documents');
const { addTestUser, testPerson } = await import('@/features/identity/test-users');
const { Users } = await import('@/features/identity/users');
const { createContext } = await import('./request-context');

const request = (headers: Record<string, string>) => createContext({ headers: new Headers({ cookie: '__session=a-session', ...headers }) });

describe("a signed-in request's language", () => {
  let writes: string[];

  beforeEach(async () => {
    state.documents = new SqliteDocuments(':memory:');
    state.signedIn = true;
    await addTestUser(state.documents, testPerson('ada'), { locale: 'en' });
    writes = [];
    state.documents.onChange((change) => writes.push(`${change.collection}/${change.id}`));
  });

  const stored = async () => (await state.documents.collection(Users).doc('ada').get()).data!.locale;

  it('becomes the account’s when the person uses the app in another language, written once', async () => {
    // Three requests of one German page at once (a batch, the header's check, a mutation).
    const contexts = await Promise.all([request({ 'x-locale': 'de' }), request({ 'x-locale': 'de' }), request({ 'x-locale': 'de' })]);
    await Promise.all(contexts.map((context) => context.resolveIdentity()));
    expect(await stored()).toBe('de');
    expect(writes).toEqual(['users/ada']);
    // The same language again writes nothing.
    await (await request({ 'x-locale': 'de' })).resolveIdentity();
    expect(writes).toEqual(['users/ada']);
    // Back to English: one more write.
    await (await request({ 'x-locale': 'en' })).resolveIdentity();
    expect(await stored()).toBe('en');
    expect(writes).toEqual(['users/ada', 'users/ada']);
  });

  it('is left alone by requests without the header or with another value, by public calls, and for the signed out', async () => {
    await (await request({})).resolveIdentity();
    await (await request({ 'x-locale': 'fr' })).resolveIdentity();
    // A public procedure never asks who is calling: nothing is checked, nothing written.
    await request({ 'x-locale': 'de' });
    state.signedIn = false;
    await (await request({ 'x-locale': 'de' })).resolveIdentity();
    expect(await stored()).toBe('en');
    expect(writes).toEqual([]);
  });
});
