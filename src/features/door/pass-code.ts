// The member pass's code, as phone and server both read it: `NL1.<passId>.<step>.<mac>`. `step`
// is the 30-second window of server time; `mac` is HMAC-SHA-256 over `<version>.<passId>.<step>`
// with the pass's key, its first 12 bytes (96 bits) in base64url. Isomorphic: no Node, no DOM.

export const PASS_CODE_PREFIX = 'NL1';
export const STEP_SECONDS = 30;
/** Bytes of the MAC the code carries (at least 80 bits, as the specification asks). */
export const MAC_BYTES = 12;
/** base64url of MAC_BYTES bytes, without padding. */
const MAC_LENGTH = Math.ceil((MAC_BYTES * 8) / 6);
/** Pass ids: 16 base64url characters (96 bits). */
export const PASS_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;

export interface PassCode {
  passId: string;
  step: number;
  mac: string;
}

/** The window of an instant (milliseconds of server time). */
export function stepAt(serverTimeMs: number): number {
  return Math.floor(serverTimeMs / (STEP_SECONDS * 1000));
}

/** When the window after `step` begins (for the phone's countdown). */
export function stepEndsAt(step: number): number {
  return (step + 1) * STEP_SECONDS * 1000;
}

/** What the MAC is computed over: the key version, the pass and the window. */
export function macMessage(version: number, passId: string, step: number): string {
  return `${version}.${passId}.${step}`;
}

export function formatPassCode({ passId, step, mac }: PassCode): string {
  return `${PASS_CODE_PREFIX}.${passId}.${step}.${mac}`;
}

/** The parts of a code, or null for anything that is not one (a URL, a ticket, noise). */
export function parsePassCode(text: string): PassCode | null {
  const parts = text.trim().split('.');
  if (parts.length !== 4 || parts[0] !== PASS_CODE_PREFIX) return null;
  const [, passId, step, mac] = parts as [string, string, string, string];
  if (!PASS_ID_PATTERN.test(passId) || !/^\d{1,12}$/.test(step) || mac.length !== MAC_LENGTH || !/^[A-Za-z0-9_-]+$/.test(mac)) return null;
  return { passId, step: Number(step), mac };
}

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The MAC as the code carries it, from the full HMAC-SHA-256 output. */
export function truncateMac(hmac: Uint8Array): string {
  return base64url(hmac.slice(0, MAC_BYTES));
}
