// The member's pass on their phone: the phone's own signing key (ECDSA P-256, made here and never
// sent anywhere; IndexedDB keeps the CryptoKey object itself, non-extractable, so its bytes can
// never be read back by a script) with its public key as registered, the clock's offset from
// server time, and the name and photo the pass shows (decision 042). One record per account; all
// of them go when someone signs out on this device (a shared phone keeps nobody's pass).
import { base64url, formatPassCode, lowS, PASS_KEY_ALGORITHM, PASS_SIGNATURE_ALGORITHM, signedMessage, stepAt } from '../pass-code';

const DB_NAME = 'venue-pass';
const STORE = 'passes';

/** The phone's key pair for the pass: the private key for signing, the public key as registered. */
export interface PhoneKey {
  privateKey: CryptoKey;
  publicKey: string;
}

export interface StoredPass {
  uid: string;
  passId: string;
  /** The key version the server gave this phone's key when it was registered. */
  version: number;
  /** Absent in a record from before phones signed (it held a key from the server): registered anew. */
  phoneKey?: PhoneKey;
  /** Server time minus this phone's time, measured at the last sync (ms). */
  offsetMs: number;
  displayName: string | null;
  photoURL: string | null;
  active: boolean;
  syncedAt: number;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'uid' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

export function storedPass(uid: string): Promise<StoredPass | undefined> {
  return run('readonly', (store) => store.get(uid) as IDBRequest<StoredPass | undefined>);
}

export async function storePass(pass: StoredPass): Promise<void> {
  await run('readwrite', (store) => store.put(pass));
}

/** Signing out: no pass stays on this device. */
export async function forgetPasses(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/** A new key pair for the pass: the private key usable for signing only, never readable. */
export async function newPhoneKey(): Promise<PhoneKey> {
  const pair = await crypto.subtle.generateKey(PASS_KEY_ALGORITHM, false, ['sign', 'verify']);
  // A key pair's public half is always exportable; the private half stays non-extractable.
  const publicKey = base64url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
  return { privateKey: pair.privateKey, publicKey };
}

/** The code the pass shows at `phoneTimeMs` (this phone's clock), and the window it belongs to. */
export async function passCodeAt(pass: Pick<StoredPass, 'passId' | 'version' | 'offsetMs'> & { phoneKey: PhoneKey }, phoneTimeMs: number): Promise<{ code: string; step: number }> {
  const step = stepAt(phoneTimeMs + pass.offsetMs);
  const signature = await crypto.subtle.sign(PASS_SIGNATURE_ALGORITHM, pass.phoneKey.privateKey, new TextEncoder().encode(signedMessage('NL3', pass.version, pass.passId, step)));
  return { code: formatPassCode({ format: 'NL3', passId: pass.passId, step, signature: base64url(lowS(new Uint8Array(signature))) }), step };
}
