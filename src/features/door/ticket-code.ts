// A ticket's code, as the ticket page, the scanner and the server read it (decision 050):
// `NT1.<ticketId>.<signature>`, the server's ECDSA P-256 (SHA-256) signature over `NT1|<ticketId>`,
// 64 bytes (r‖s, the low form) in base64url: 107 characters. Static, like a pretix ticket: the
// ticket's state and its admission are the server's and the door list's, not the code's. Anyone
// holding the ticket public key can check a code, only the server can make one.
// Isomorphic: no Node, no DOM.
import { base64url, fromBase64url, isLowS, SIGNATURE_BYTES } from './pass-code';

export const TICKET_CODE_PREFIX = 'NT1';
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

export function formatTicketCode(code: TicketCode): string {
  return `${TICKET_CODE_PREFIX}.${code.ticketId}.${code.signature}`;
}

/** The parts of a ticket code, or null for anything else (a pass, a URL, noise). One written form per signature, as for passes. */
export function parseTicketCode(text: string): TicketCode | null {
  const parts = text.trim().split('.');
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
