// users/{uid}: one document per account. Its role is the source of truth: the server reads it on
// every request (a downgrade takes effect at once) and custom claims are kept in line with it.
import { z } from 'zod';
import { LOCALES } from '@/i18n/routing';
import { defineCollection, serverTimestamp, type Documents } from '@/server/documents/port';
import type { Identity } from './identity';
import { ROLES, type Role } from './roles';

export const UserDocument = z.object({
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  role: z.enum(ROLES).nullable(),
  locale: z.enum(LOCALES).nullable(),
  disabled: z.boolean(),
  createdAt: z.date(),
  lastSignInAt: z.date(),
});
export type UserDocument = z.infer<typeof UserDocument>;

export const Users = defineCollection('users', UserDocument);

/** Creates the user's document on first sign-in, refreshes profile fields after; returns it. */
export async function recordSignIn(documents: Documents, identity: Identity): Promise<UserDocument> {
  const ref = documents.collection(Users).doc(identity.uid);
  await documents.runTransaction(async (tx) => {
    const existing = await tx.get(ref);
    const profile = { email: identity.email, displayName: identity.displayName, photoURL: identity.photoURL };
    if (existing.exists) tx.update(ref, { ...profile, lastSignInAt: serverTimestamp() });
    else
      tx.create(ref, {
        ...profile,
        role: null,
        locale: null,
        disabled: false,
        createdAt: serverTimestamp(),
        lastSignInAt: serverTimestamp(),
      });
  });
  return (await ref.get()).data!;
}

/**
 * The identity as the server trusts it: the role from the user's document, not from the token,
 * and no identity at all for an account whose document is disabled.
 */
export async function withStoredRole(documents: Documents, identity: Identity): Promise<Identity | null> {
  const user = (await documents.collection(Users).doc(identity.uid).get()).data;
  if (user?.disabled) return null;
  const role: Role | null = user?.role ?? null;
  return { ...identity, role };
}
