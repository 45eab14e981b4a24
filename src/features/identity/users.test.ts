import { beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import type { Identity } from '@/access/identity';
import { DISPLAY_NAME_MAX } from './constants';
import { recordSignIn, storedName, Users, withStoredRole } from './users';

const ada: Identity = { uid: 'ada', email: 'ada@example.org', emailVerified: true, displayName: 'Ada', photoURL: null, role: null };

describe('users', () => {
  let documents: SqliteDocuments;
  beforeEach(() => {
    documents = new SqliteDocuments(':memory:');
  });

  it('creates the user document on first sign-in, without a role', async () => {
    const user = await recordSignIn(documents, ada);
    expect(user).toMatchObject({ email: 'ada@example.org', displayName: 'Ada', role: null, disabled: false, locale: null });
    expect(user.createdAt).toBeInstanceOf(Date);
    expect(user.lastSignInAt.getTime()).toBe(user.createdAt.getTime());
  });

  it('refreshes the e-mail address on later sign-ins and keeps role, name and creation time', async () => {
    const first = await recordSignIn(documents, ada);
    await documents.collection(Users).doc('ada').update({ role: 'user' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await recordSignIn(documents, { ...ada, email: 'ada@lovelace.example', displayName: 'Ada L.' });
    expect(again).toMatchObject({ email: 'ada@lovelace.example', displayName: 'Ada', role: 'user' });
    expect(again.searchTerms).toContain('lovelace');
    expect(again.createdAt).toEqual(first.createdAt);
    expect(again.lastSignInAt.getTime()).toBeGreaterThan(first.lastSignInAt.getTime());
  });

  it("takes the token's name only while the account has none, and never the token's photo", async () => {
    // Sign-up: the first session starts before the form has set the name; the next token carries it.
    const nina = { ...ada, uid: 'nina', email: 'nina@example.org' };
    expect(await recordSignIn(documents, { ...nina, displayName: null })).toMatchObject({ displayName: null, photoURL: null });
    expect(await recordSignIn(documents, { ...nina, displayName: 'Nina' })).toMatchObject({ displayName: 'Nina' });
    // Later, a name or photo set through Firebase's own API (another member's, say) changes nothing.
    const borrowed = 'http://localhost:3000/api/avatars/ada?v=1';
    const signedIn = await recordSignIn(documents, { ...nina, displayName: 'Ada', photoURL: borrowed });
    expect(signedIn).toMatchObject({ displayName: 'Nina', photoURL: null });
    expect(signedIn.searchTerms).not.toContain('ada');
  });

  it('starts a new account in the language it signed up in, and keeps the one chosen later', async () => {
    expect(await recordSignIn(documents, { ...ada, uid: 'grete' }, 'de')).toMatchObject({ locale: 'de' });
    await documents.collection(Users).doc('grete').update({ locale: 'en' });
    expect(await recordSignIn(documents, { ...ada, uid: 'grete' }, 'de')).toMatchObject({ locale: 'en' });
  });

  it('keeps a name within what the profile form allows, however long the account says it is', async () => {
    const user = await recordSignIn(documents, { ...ada, displayName: `  ${'Ä'.repeat(200)}  ` });
    expect(user.displayName).toBe('Ä'.repeat(DISPLAY_NAME_MAX));
    // Never half a character: an emoji across the limit is left out whole.
    expect(storedName(`${'a'.repeat(DISPLAY_NAME_MAX - 1)}🎉`)).toBe('a'.repeat(DISPLAY_NAME_MAX - 1));
    expect(storedName('   ')).toBeNull();
    expect(storedName(null)).toBeNull();
  });

  it('trusts the stored role over the token, at once', async () => {
    await recordSignIn(documents, ada);
    await documents.collection(Users).doc('ada').update({ role: 'admin' });
    expect((await withStoredRole(documents, { ...ada, role: null }))?.role).toBe('admin');
    await documents.collection(Users).doc('ada').update({ role: null });
    expect((await withStoredRole(documents, { ...ada, role: 'admin' }))?.role).toBeNull();
  });

  it('has no role for an account without a document and no identity for a disabled one', async () => {
    expect((await withStoredRole(documents, { ...ada, role: 'admin' }))?.role).toBeNull();
    await recordSignIn(documents, ada);
    await documents.collection(Users).doc('ada').update({ disabled: true });
    expect(await withStoredRole(documents, ada)).toBeNull();
  });
});
