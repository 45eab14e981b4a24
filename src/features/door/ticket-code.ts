// A ticket's code, as the ticket page, the scanner and the server read it (decision 050). The
// server's ECDSA P-256 (SHA-256) signature over `NT1|<ticketId>`, 64 bytes (r‖s, the low form),
// made once when the ticket is issued, written two ways:
// - NT2 (issue 48), what the ticket page shows now: 186 digits, `22` then the ticket id (its 12
//   bytes as a 29-digit number) and the signature (a 155-digit number), zero-padded. A QR code in
//   numeric mode, version 5 at error correction M (37 modules), as the pass's NL3: read from
//   farther away than NT1's version 7 (45 modules) on the same screen.
// - `NT1.<ticketId>.<signature>`, the signature in base64url: 107 characters. Still accepted:
//   tickets already mailed or saved show it.
// Both carry the one signature the server stored for the ticket, over the one message: a ticket
// is static, and everything the door keeps of it is keyed by the ticket id, never the code's text.
// Static, like a pretix ticket: the ticket's state and its admission are the server's and the door
// list's, not the code's. Anyone holding the ticket public key can check a code, only the server
// can make one.
// Isomorphic: no Node, no DOM.
import { base64url, bytesOfDigits, digitsOf, fromBase64url, ID_DIGITS, isLowS, SIGNATURE_BYTES, SIGNATURE_DIGITS } from './pass-code';

export const TICKET_CODE_PREFIX = 'NT1';
/** The first two digits of an NT2 code: 2 a ticket, 2 its format. */
export const TICKET_DIGITS_TAG = '22';
const TICKET_DIGITS_LENGTH = TICKET_DIGITS_TAG.length + ID_DIGITS + SIGNATURE_DIGITS;
const TICKET_ID_BYTES = 12;
const SIGNATURE_LENGTH = Math.ceil((SIGNATURE_BYTES * 8) / 6);
const TICKET_ID = /^[A-Za-z0-9_-]{16}$/;

export interface TicketCode {
  ticketId: string;
  signature: string;
}

/** What the server signs: the format and the ticket. */
export function ticketMessage(ticketId: string): string {
  return `${TICKET_CODE_PREFIX}|${ticketId}`;
}

/** The code a ticket shows: NT2, or NT1 as tickets showed it before issue 48. */
export function formatTicketCode(code: TicketCode, format: 'NT1' | 'NT2' = 'NT2'): string {
  if (format === 'NT1') return `${TICKET_CODE_PREFIX}.${code.ticketId}.${code.signature}`;
  return `${TICKET_DIGITS_TAG}${digitsOf(fromBase64url(code.ticketId), ID_DIGITS)}${digitsOf(fromBase64url(code.signature), SIGNATURE_DIGITS)}`;
}

/** The parts of a ticket code, or null for anything else (a pass, a URL, noise). One written form per signature in each format, as for passes. */
export function parseTicketCode(text: string): TicketCode | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) {
    if (trimmed.length !== TICKET_DIGITS_LENGTH || !trimmed.startsWith(TICKET_DIGITS_TAG)) return null;
    const ticketId = bytesOfDigits(trimmed.slice(TICKET_DIGITS_TAG.length, TICKET_DIGITS_TAG.length + ID_DIGITS), TICKET_ID_BYTES);
    const signature = bytesOfDigits(trimmed.slice(TICKET_DIGITS_TAG.length + ID_DIGITS), SIGNATURE_BYTES);
    return ticketId && signature && isLowS(signature) ? { ticketId: base64url(ticketId), signature: base64url(signature) } : null;
  }
  const parts = trimmed.split('.');
  if (parts.length !== 3) return null;
  const [prefix, ticketId, signature] = parts as [string, string, string];
  if (prefix !== TICKET_CODE_PREFIX || !TICKET_ID.test(ticketId) || signature.length !== SIGNATURE_LENGTH || !/^[A-Za-z0-9_-]+$/.test(signature)) return null;
  const bytes = fromBase64url(signature);
  return base64url(bytes) === signature && isLowS(bytes) ? { ticketId, signature } : null;
}

const TICKET_KEY_PREFIX = 'ticket:';

/** The name door records give a ticket where they give a member their uid (no account id has a colon). */
export function ticketDoorKey(ticketId: string): string {
  return `${TICKET_KEY_PREFIX}${ticketId}`;
}

/** The ticket a door record's `uid` names, or null for a member. */
export function ticketIdOfKey(key: string): string | null {
  return key.startsWith(TICKET_KEY_PREFIX) ? key.slice(TICKET_KEY_PREFIX.length) : null;
}
