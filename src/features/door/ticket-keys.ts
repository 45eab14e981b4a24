// The server's ticket key (decision 050): an ECDSA P-256 key pair whose private half signs every
// ticket's code and never leaves the server; the public half travels in the door list, so a
// scanner checks tickets without signal and can make none. The private key is a 32-byte scalar:
// TICKET_SIGNING_KEY (base64url) on Firebase, identical on every server; the embedded backend
// generates one into DATA_DIR on first start (0600, synced), as it does the pass master key.
import 'server-only';
import { createECDH, createPrivateKey, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { env } from '@/server/env';
import { base64url, fromBase64url, lowS } from './pass-code';
import { formatTicketCode, ticketMessage, type TicketCode } from './ticket-code';
import { loadKeyFile } from './pass-keys';

const KEY_FILE = 'ticket-signing-key';

export interface TicketKeys {
  /** The public key as the door list carries it: the uncompressed point (65 bytes), base64url. */
  publicKey: string;
  /** The signature of a ticket's code (low form, base64url). */
  signatureFor(ticketId: string): string;
  /** Whether a code carries the server's signature (constant time in the key, as ECDSA is). */
  verifies(code: TicketCode): boolean;
  /** The code a ticket shows. */
  codeOf(ticketId: string, signature: string): string;
}

/** The key pair of a 32-byte private scalar. */
export function ticketKeys(secret: Uint8Array): TicketKeys {
  const ecdh = createECDH('prime256v1');
  // Refuses a scalar outside the group's order (0, or ≥ n): such a key would sign nothing.
  ecdh.setPrivateKey(Buffer.from(secret));
  const point = ecdh.getPublicKey();
  const jwk = { kty: 'EC', crv: 'P-256', d: base64url(secret), x: base64url(point.subarray(1, 33)), y: base64url(point.subarray(33, 65)) };
  const privateKey: KeyObject = createPrivateKey({ key: jwk, format: 'jwk' });
  const { d: _d, ...publicJwk } = jwk;
  const publicKey: KeyObject = createPublicKey({ key: publicJwk, format: 'jwk' });
  return {
    publicKey: base64url(new Uint8Array(point)),
    signatureFor: (ticketId) => base64url(lowS(new Uint8Array(sign('sha256', Buffer.from(ticketMessage(ticketId)), { key: privateKey, dsaEncoding: 'ieee-p1363' })))),
    verifies: (code) => verify('sha256', Buffer.from(ticketMessage(code.ticketId)), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(fromBase64url(code.signature))),
    codeOf: (ticketId, signature) => formatTicketCode({ ticketId, signature }),
  };
}

/** The private scalar: TICKET_SIGNING_KEY, or on the embedded backend the one in DATA_DIR (made on first start). */
export function loadTicketKey(source: { TICKET_SIGNING_KEY?: string; BACKEND: string; DATA_DIR: string }): Uint8Array {
  if (source.TICKET_SIGNING_KEY) return fromBase64url(source.TICKET_SIGNING_KEY);
  if (source.BACKEND !== 'embedded') throw new Error('TICKET_SIGNING_KEY is required when BACKEND=firebase (see .env.example).');
  // A random 32-byte scalar is below the group's order but for a chance of about 2^-32; a new one is drawn then.
  return loadKeyFile(source.DATA_DIR, KEY_FILE, () => {
    for (;;) {
      const candidate = new Uint8Array(randomBytes(32));
      try {
        createECDH('prime256v1').setPrivateKey(Buffer.from(candidate));
        return candidate;
      } catch {
        // out of range: draw again
      }
    }
  });
}

const holder = globalThis as typeof globalThis & { __venueTicketKeys?: TicketKeys };

/** This server's ticket keys (read once per process). */
export function getTicketKeys(): TicketKeys {
  return (holder.__venueTicketKeys ??= ticketKeys(loadTicketKey(env)));
}
