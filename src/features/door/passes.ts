// passes/{passId}: each member's pass, an id derived from the account, a key version and the
// public key of the one phone that shows it (decision 042). The phone makes its key pair itself
// (the private key never leaves it) and registers the public key; registering another phone, and
// an admin's "new pass", bump the version and replace or clear the key, so every code of the
// older key is refused at once. Codes are checked here with the public key (NL3, NL2); NL1 codes, made
// with a key the server derived, are accepted only from a pass that has no phone key yet.
import 'server-only';
import { KeyObject, verify } from 'node:crypto';
import { z } from 'zod';
import { DomainError } from '@/server/domain-error';
import { isDocumentsError, serverTimestamp, defineCollection, type Documents } from '@/server/documents/port';
import type { PassKeys } from './pass-keys';
import type { TicketKeys } from './ticket-keys';
import { Users } from '@/features/identity/users';
import { signedInRecently, type Identity } from '@/access/identity';
import { AuditLog } from '@/features/identity/audit';
import { membershipAdmits } from './admission';
import { fromBase64url, PASS_KEY_ALGORITHM, PASS_SIGNATURE_ALGORITHM, signedMessage, type PassCode, type SignedCode } from './pass-code';
import { storedPhoto } from '@/features/identity/avatar-access';
import type { PersonInput, RegisterPassKeyInput } from './door.inputs';

/** What the pass and the door read and write: the documents, the keys of passes made by the server, and the ticket key. */
export interface DoorPorts {
  documents: Documents;
  keys: PassKeys;
  /** The server's ticket key (decision 050). Absent (tests of passes alone): every ticket's code is refused as invalid. */
  tickets?: TicketKeys;
}

/** Former keys a pass remembers: enough for a night of phones changed, never a growing list. */
export const FORMER_KEYS_KEPT = 5;

export const PassDocument = z.object({
  uid: z.string(),
  version: z.number().int().positive(),
  createdAt: z.date(),
  rotatedAt: z.date().nullable(),
  /** The phone's public key (P-256, uncompressed point, base64url); none until a phone registers. */
  publicKey: z.string().nullable().optional(),
  keyRegisteredAt: z.date().nullable().optional(),
  /**
   * The keys this pass had before, newest first, each with when it was registered (`from`; absent
   * on keys replaced before it was kept) and replaced (`until`): a scanner that decided offline
   * uploads codes of the key it knew, checked here against the key of that time.
   */
  formerKeys: z
    .array(z.object({ version: z.number().int().positive(), publicKey: z.string(), from: z.date().nullable().optional(), until: z.date() }))
    .max(FORMER_KEYS_KEPT)
    .optional(),
});
export type PassDocument = z.infer<typeof PassDocument>;

// Stamped: a rotated pass reaches the door list's changes (decision 053).
export const Passes = defineCollection('passes', PassDocument, { stamped: { removals: 'byId' } });

/** What the member's phone receives at each sync: no secret, the phone holds its own key. */
export interface PhonePass {
  passId: string;
  version: number;
  /** The public key of the phone that shows the pass now, or null when none does. */
  publicKey: string | null;
  /** Server time when this answer was made: the phone measures its clock's offset from it. */
  serverTime: number;
  displayName: string | null;
  photoURL: string | null;
  /** Whether the holder's membership admits them now (the pass is shown either way). */
  active: boolean;
}

/**
 * Whose pass an id is, as this server has seen: a pass id is derived from its account once and for
 * all (`passIdFor`), so this never goes stale, unlike the pass's key, which every scan reads
 * afresh. Knowing the account before the pass is read lets a scan read the member alongside the
 * event and the pass: two round trips to the store instead of three (decision 022). Filled when a
 * pass is made or read, and for a whole night when a door fetches its list.
 */
const passOwners = new Map<string, string>();
const PASS_OWNERS_KEPT = 50_000;

export function rememberPassOwner(passId: string, uid: string): void {
  if (passOwners.size >= PASS_OWNERS_KEPT && !passOwners.has(passId)) passOwners.clear();
  passOwners.set(passId, uid);
}

export function passOwner(passId: string): string | undefined {
  return passOwners.get(passId);
}

/** A deleted account's pass: this server no longer names its owner. */
export function forgetPassOwner(passId: string): void {
  passOwners.delete(passId);
}

/** For benchmarks and tests: a server that has seen no pass yet. */
export function forgetPassOwners(): void {
  passOwners.clear();
}

/** The account's pass, created on first use (the id is derived, so concurrent calls agree). */
export async function ensurePass({ documents, keys }: DoorPorts, uid: string): Promise<{ passId: string; pass: PassDocument }> {
  const passId = keys.passIdFor(uid);
  rememberPassOwner(passId, uid);
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

export async function passForPhone(ports: DoorPorts, member: Identity, now = new Date()): Promise<PhonePass> {
  const { uid } = member;
  const user = (await ports.documents.collection(Users).doc(uid).get()).data;
  if (!user) throw new DomainError('not-found', 'accountNotFound');
  const { passId, pass } = await ensurePass(ports, uid);
  return {
    passId,
    version: pass.version,
    publicKey: pass.publicKey ?? null,
    serverTime: Date.now(),
    displayName: user.displayName,
    photoURL: storedPhoto(uid, user),
    active: membershipAdmits(user.membership, now),
  };
}

/** Whether `text` is a P-256 public key (a point on the curve), as the phone exported it. */
async function readPublicKey(text: string): Promise<CryptoKey | null> {
  try {
    return await crypto.subtle.importKey('raw', fromBase64url(text) as Uint8Array<ArrayBuffer>, PASS_KEY_ALGORITHM, false, ['verify']);
  } catch {
    return null;
  }
}

/**
 * The member's phone shows the pass from now on: its public key replaces any other (a new version,
 * so every code of the older key is refused at once). Registering the key the pass has already is
 * no change. Taking the pass from another phone needs a sign-in of the last 5 minutes (a stolen
 * phone still signed in must not take it back), and is written to the person's history.
 */
export async function registerPassKey(ports: DoorPorts, member: Identity, { publicKey }: RegisterPassKeyInput, now = new Date()): Promise<{ passId: string; version: number }> {
  if (!(await readPublicKey(publicKey))) throw new DomainError('invalid', 'invalidRequest');
  const { documents } = ports;
  const { passId } = await ensurePass(ports, member.uid);
  const ref = documents.collection(Passes).doc(passId);
  return documents.runTransaction(async (tx) => {
    const pass = (await tx.get(ref)).data;
    if (!pass) throw new DomainError('conflict', 'passUnavailable');
    if (pass.publicKey === publicKey) return { passId, version: pass.version };
    if (pass.publicKey && !signedInRecently(member, now.getTime())) throw new DomainError('forbidden', 'passMoveNeedsRecentSignIn');
    const version = pass.version + 1;
    tx.update(ref, { version, publicKey, keyRegisteredAt: now, rotatedAt: pass.publicKey ? now : pass.rotatedAt, formerKeys: formerKeys(pass, now) });
    if (pass.publicKey) tx.create(documents.collection(AuditLog).doc(), renewal(member, member.uid));
    return { passId, version };
  });
}

/**
 * A new pass for the account (an admin, from the person's page): the phone's key is forgotten and
 * every older code stops working at once; the member's phone asks to be registered again. The
 * person's history says who did it, in the same transaction.
 */
export async function rotatePass(ports: DoorPorts, actor: Identity, { uid }: PersonInput, now = new Date()): Promise<{ version: number }> {
  const { documents } = ports;
  const { passId } = await ensurePass(ports, uid);
  const ref = documents.collection(Passes).doc(passId);
  return documents.runTransaction(async (tx) => {
    const pass = (await tx.get(ref)).data;
    if (!pass) throw new DomainError('conflict', 'passUnavailable');
    const version = pass.version + 1;
    tx.update(ref, { version, publicKey: null, keyRegisteredAt: null, rotatedAt: now, formerKeys: formerKeys(pass, now) });
    tx.create(documents.collection(AuditLog).doc(), renewal(actor, uid));
    return { version };
  });
}

/**
 * Disabling an account ends its pass's key, as a new pass does (the account's history says it was
 * disabled): a phone that still shows the pass offline signs codes no door list holds, and a
 * member enabled again registers their phone anew. Found by owner, so no pass key is needed.
 */
export async function endPassKey(documents: Documents, uid: string, now = new Date()): Promise<void> {
  const passes = await documents.collection(Passes).where('uid', '==', uid).get();
  for (const { id } of passes) {
    const ref = documents.collection(Passes).doc(id);
    await documents.runTransaction(async (tx) => {
      const pass = (await tx.get(ref)).data;
      if (!pass?.publicKey) return;
      tx.update(ref, { version: pass.version + 1, publicKey: null, keyRegisteredAt: null, rotatedAt: now, formerKeys: formerKeys(pass, now) });
    });
  }
}

/** The pass's former keys once its current key (if any) is replaced at `now`. */
function formerKeys(pass: PassDocument, now: Date): NonNullable<PassDocument['formerKeys']> {
  const former = pass.formerKeys ?? [];
  if (!pass.publicKey) return former;
  return [{ version: pass.version, publicKey: pass.publicKey, from: pass.keyRegisteredAt ?? null, until: now }, ...former].slice(0, FORMER_KEYS_KEPT);
}

function renewal(actor: Identity, uid: string) {
  return {
    targetUid: uid,
    actorUid: actor.uid,
    actorName: actor.displayName ?? actor.email,
    action: 'passRenewed' as const,
    fromRole: null,
    toRole: null,
    imageId: null,
    membershipId: null,
    at: serverTimestamp(),
  };
}

/**
 * Imported public keys, by pass and version: a door checks the same few hundred all night. Kept as
 * node:crypto key objects, imported through WebCrypto (the same checks of the point as at
 * registration): a synchronous check of a signature costs about a third of WebCrypto's, which
 * hands each check to the thread pool and back (issue 48: the scan's single largest cost).
 */
const publicKeys = new Map<string, Promise<KeyObject | null>>();
const PUBLIC_KEYS_KEPT = 20_000;

/**
 * Whether `code` is one this pass's phone made: NL3 or NL2 signed with the registered key (and version),
 * or NL1 with the derived key while no phone key is registered. The window is the caller's check.
 */
export async function codeVerifies(keys: PassKeys, code: PassCode, pass: PassDocument): Promise<boolean> {
  if (code.format === 'NL1') return !pass.publicKey && keys.verifies(code, pass.version);
  return pass.publicKey ? signedWith(code, pass.version, pass.publicKey) : false;
}

/** The key that signed a code, with when it was registered and replaced (null: unknown, or current). */
export interface SigningKey {
  version: number;
  from: Date | null;
  until: Date | null;
}

/**
 * Which key of the pass signed an NL3 or NL2 code: the current one (`until` null), a former one with
 * when it was replaced, or none. What an offline door decided is checked with this: a code of a
 * key replaced after the scan was good when it was scanned, and one decided before its key was
 * registered was never good.
 */
export async function signingKey(code: PassCode, pass: PassDocument): Promise<SigningKey | null> {
  if (code.format === 'NL1') return null;
  if (pass.publicKey && (await signedWith(code, pass.version, pass.publicKey))) return { version: pass.version, from: pass.keyRegisteredAt ?? null, until: null };
  for (const former of pass.formerKeys ?? []) {
    if (await signedWith(code, former.version, former.publicKey)) return { version: former.version, from: former.from ?? null, until: former.until };
  }
  return null;
}

async function signedWith(code: SignedCode, version: number, publicKeyText: string): Promise<boolean> {
  const id = `${code.passId}.${version}.${publicKeyText}`;
  let key = publicKeys.get(id);
  if (!key) {
    if (publicKeys.size >= PUBLIC_KEYS_KEPT) publicKeys.clear();
    publicKeys.set(id, (key = readPublicKey(publicKeyText).then((imported) => (imported ? KeyObject.from(imported) : null))));
  }
  const publicKey = await key;
  if (!publicKey) return false;
  const signature = fromBase64url(code.signature);
  // WebCrypto's ECDSA signature format: r and s side by side (IEEE P1363), as the phone makes it.
  return verify(PASS_SIGNATURE_ALGORITHM.hash.toLowerCase().replace('-', ''), Buffer.from(signedMessage(code.format, version, code.passId, code.step)), { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature);
}
