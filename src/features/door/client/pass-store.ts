// The member's pass on their phone: the key as a non-extractable WebCrypto key (IndexedDB keeps
// the CryptoKey object itself; its bytes can never be read back by a script), the clock's offset
// from server time, and the name and photo the pass shows. One record per account; all of them go
// when someone signs out on this device (a shared phone keeps nobody's pass).
import { fromBase64url, macMessage, stepAt, truncateMac, formatPassCode } from '../pass-code';

const DB_NAME = 'venue-pass';
const STORE = 'passes';

export interface StoredPass {
  uid: string;
  passId: string;
  version: number;
  key: CryptoKey;
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

/** The key as the phone keeps it: usable for signing only, never readable again. */
export function importPassKey(key: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', fromBase64url(key) as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/** The code the pass shows at `phoneTimeMs` (this phone's clock), and the window it belongs to. */
export async function passCodeAt(pass: Pick<StoredPass, 'passId' | 'version' | 'key' | 'offsetMs'>, phoneTimeMs: number): Promise<{ code: string; step: number }> {
  const step = stepAt(phoneTimeMs + pass.offsetMs);
  const signature = await crypto.subtle.sign('HMAC', pass.key, new TextEncoder().encode(macMessage(pass.version, pass.passId, step)));
  return { code: formatPassCode({ passId: pass.passId, step, mac: truncateMac(new Uint8Array(signature)) }), step };
}
