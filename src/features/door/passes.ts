// passes/{passId}: each member's pass, an id derived from the account and a key version. The key
// itself is never stored: the server derives it from the master key (src/server/door/pass-keys.ts)
// and hands it to the member's phone, which keeps it as a non-extractable WebCrypto key. Rotating
// (a lost phone) bumps the version, so every code signed with an older key is refused at once.
import { z } from 'zod';
import { DomainError } from '@/server/domain-error';
import { isDocumentsError, serverTimestamp, defineCollection, type Documents } from '@/server/documents/port';
import type { PassKeys } from '@/server/door/pass-keys';
import { Users } from '@/features/identity/users';
import type { Identity } from '@/features/identity/identity';
import { AuditLog } from '@/features/users/audit';
import { isActiveNow } from '@/features/memberships/membership';
import { base64url } from './pass-code';

export const PassDocument = z.object({
  uid: z.string(),
  version: z.number().int().positive(),
  createdAt: z.date(),
  rotatedAt: z.date().nullable(),
});
export type PassDocument = z.infer<typeof PassDocument>;

export const Passes = defineCollection('passes', PassDocument);

/** What the member's phone receives once per sign-in (and after a rotation). */
export interface PhonePass {
  passId: string;
  version: number;
  /** The pass key (base64url of 32 bytes), imported by the phone as a non-extractable key. */
  key: string;
  /** Server time when this answer was made: the phone measures its clock's offset from it. */
  serverTime: number;
  displayName: string | null;
  photoURL: string | null;
  /** Whether the holder's membership admits them now (the pass is shown either way). */
  active: boolean;
}

/** The account's pass, created on first use (the id is derived, so concurrent calls agree). */
export async function ensurePass(documents: Documents, keys: PassKeys, uid: string): Promise<{ passId: string; pass: PassDocument }> {
  const passId = keys.passIdFor(uid);
  const ref = documents.collection(Passes).doc(passId);
  const existing = (await ref.get()).data;
  if (existing) return { passId, pass: existing };
  try {
    await ref.create({ uid, version: 1, createdAt: serverTimestamp(), rotatedAt: null });
  } catch (error) {
    // Created by a concurrent call: read it below.
    if (!isDocumentsError(error, 'already-exists')) throw error;
  }
  const pass = (await ref.get()).data;
  if (!pass) throw new DomainError('conflict', 'passUnavailable');
  return { passId, pass };
}

export async function passForPhone(documents: Documents, keys: PassKeys, uid: string, now = new Date()): Promise<PhonePass> {
  const user = (await documents.collection(Users).doc(uid).get()).data;
  if (!user) throw new DomainError('not-found', 'accountNotFound');
  const { passId, pass } = await ensurePass(documents, keys, uid);
  return {
    passId,
    version: pass.version,
    key: base64url(keys.keyFor(passId, pass.version)),
    serverTime: Date.now(),
    displayName: user.displayName,
    photoURL: user.photoURL,
    active: user.membership ? isActiveNow({ status: 'active', ...user.membership }, now) : false,
  };
}

/**
 * A new key version for the account's pass: every older code stops working at once. The person's
 * history says who did it (the member, or an admin from their user page), in the same transaction.
 */
export async function rotatePass(documents: Documents, keys: PassKeys, actor: Identity, uid: string): Promise<{ version: number }> {
  const { passId } = await ensurePass(documents, keys, uid);
  const ref = documents.collection(Passes).doc(passId);
  return documents.runTransaction(async (tx) => {
    const pass = (await tx.get(ref)).data;
    if (!pass) throw new DomainError('conflict', 'passUnavailable');
    const version = pass.version + 1;
    tx.update(ref, { version, rotatedAt: serverTimestamp() });
    tx.create(documents.collection(AuditLog).doc(), {
      targetUid: uid,
      actorUid: actor.uid,
      actorName: actor.displayName ?? actor.email,
      action: 'passRenewed',
      fromRole: null,
      toRole: null,
      imageId: null,
      membershipId: null,
      at: serverTimestamp(),
    });
    return { version };
  });
}
