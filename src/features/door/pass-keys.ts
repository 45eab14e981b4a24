// The server's keys of member passes: pass ids are derived from one master key and the account, so
// one account always has one pass. Codes are signed on the member's phone with a key of its own
// (NL3 and NL2, decision 042); the master key also checks the NL1 codes of phones that still hold a key
// derived from it (HKDF-SHA-256 of the pass's id and version) until they register a key of their
// own. The server hands out no key any more. The master key is PASS_SIGNING_KEY; the embedded
// backend generates one into DATA_DIR on first start (0600), Firebase mode requires it.
import 'server-only';
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { env } from '@/server/env';
import { macMessage, truncateMac, base64url, fromBase64url, type MacCode } from './pass-code';

export const MASTER_KEY_BYTES = 32;
const KEY_FILE = 'pass-signing-key';
/** Derived pass keys kept per process (a venue's members, with room to spare). */
const DERIVED_KEYS_KEPT = 20_000;

export interface PassKeys {
  /** The pass's id for an account: derived, so one account always has one pass id. */
  passIdFor(uid: string): string;
  /** Whether `code` carries the right MAC for this pass version (constant time). */
  verifies(code: MacCode, version: number): boolean;
  /** The MAC a phone holding this pass's key shows for a window (tests, the benchmark). */
  macFor(passId: string, version: number, step: number): string;
}

export function passKeys(master: Uint8Array): PassKeys {
  if (master.byteLength < MASTER_KEY_BYTES) throw new Error(`The pass signing key must have at least ${MASTER_KEY_BYTES} bytes.`);
  const derive = (passId: string, version: number) => new Uint8Array(hkdfSync('sha256', master, 'nordlicht-pass-v1', `${passId}.${version}`, 32));
  // A door checks the same few hundred passes all night, and deriving a key was a tenth of a
  // scan's time: derived keys are kept, by pass and version (a rotated pass is a new entry), up
  // to a bound. They are no more secret than the master key this process holds anyway.
  const derived = new Map<string, Buffer>();
  const macKey = (passId: string, version: number): Buffer => {
    const id = `${passId}.${version}`;
    let key = derived.get(id);
    if (!key) {
      if (derived.size >= DERIVED_KEYS_KEPT) derived.clear();
      key = Buffer.from(derive(passId, version));
      derived.set(id, key);
    }
    return key;
  };
  const macFor = (passId: string, version: number, step: number) =>
    truncateMac(new Uint8Array(createHmac('sha256', macKey(passId, version)).update(macMessage(version, passId, step)).digest()));
  return {
    passIdFor: (uid) => base64url(new Uint8Array(createHmac('sha256', master).update(`pass-id.${uid}`).digest()).slice(0, 12)),
    macFor,
    verifies(code, version) {
      const expected = Buffer.from(macFor(code.passId, version, code.step));
      const given = Buffer.from(code.mac);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** The master key: PASS_SIGNING_KEY (base64url), or on the embedded backend the one in DATA_DIR. */
export function loadMasterKey(source: { PASS_SIGNING_KEY?: string; BACKEND: string; DATA_DIR: string }): Uint8Array {
  if (source.PASS_SIGNING_KEY) return fromBase64url(source.PASS_SIGNING_KEY);
  if (source.BACKEND !== 'embedded') throw new Error('PASS_SIGNING_KEY is required when BACKEND=firebase (see .env.example).');
  return loadKeyFile(source.DATA_DIR, KEY_FILE, () => new Uint8Array(randomBytes(MASTER_KEY_BYTES)));
}

/**
 * A key the embedded backend keeps in DATA_DIR: read, or made by `make` and written first. 'wx':
 * two processes starting at once keep whichever key was written first. Synced before anything is
 * signed or derived with it: a crash must not lose the key that passes and tickets rely on.
 */
export function loadKeyFile(dataDir: string, name: string, make: () => Uint8Array): Uint8Array {
  const file = join(dataDir, name);
  try {
    return fromBase64url(readFileSync(file, 'utf8').trim());
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
      const handle = openSync(file, 'wx', 0o600);
      try {
        writeSync(handle, `${base64url(make())}\n`);
        fsyncSync(handle);
      } finally {
        closeSync(handle);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return fromBase64url(readFileSync(file, 'utf8').trim());
  }
}

const holder = globalThis as typeof globalThis & { __venuePassKeys?: PassKeys };

/** This server's pass keys (the master key is read once per process). */
export function getPassKeys(): PassKeys {
  return (holder.__venuePassKeys ??= passKeys(loadMasterKey(env)));
}
