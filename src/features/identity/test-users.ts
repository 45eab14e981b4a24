// The users document a test account starts with, written once for the tests that need people.
import type { Documents } from '@/server/documents/port';
import type { Identity } from '@/access/identity';
import { searchTermsFor, Users, type UserDocument } from '@/features/identity/users';

/** A verified person named by their uid (address `<uid>@example.org`), with a role or none. */
export function testPerson(uid: string, role: Identity['role'] = null): Identity {
  return { uid, email: `${uid}@example.org`, emailVerified: true, displayName: uid, photoURL: null, role };
}

/** Writes users/{uid} for `who` as a first sign-in would, with any fields the test sets. */
export async function addTestUser(documents: Documents, who: Identity, fields: Partial<UserDocument> = {}, at = new Date()): Promise<void> {
  await documents.collection(Users).doc(who.uid).create({
    email: who.email,
    displayName: who.displayName,
    photoURL: null,
    avatarPath: null,
    role: who.role,
    locale: null,
    disabled: false,
    membership: null,
    createdAt: at,
    lastSignInAt: at,
    searchTerms: searchTermsFor(who.email, who.displayName),
    ...fields,
  });
}
