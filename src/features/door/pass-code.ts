// The member pass's code, as phone, scanner and server read it (decision 042). `step` is the
// 30-second window of server time.
// - NL3 (issue 48), what phones show now: 196 digits, `13` then the pass id (its 12 bytes as a
//   29-digit number), the window (10 digits) and the signature (its 64 bytes as a 155-digit
//   number), each zero-padded to its width. Signed on the member's phone with its own key (ECDSA
//   P-256, SHA-256, low-S) over `NL3|<version>|<passId>|<step>`. All digits, so the QR code is in
//   numeric mode (3.3 bits a character, not 8): version 5 at error correction M, 37 modules, where
//   NL2 needs version 7, 45 modules; the pass screen has no more width to give, so fewer modules
//   are what make them larger (with the narrow margin of code-qr.ts), and a code read from
//   farther away.
// - `NL2.<passId>.<step>.<signature>`: the same, in byte mode, signed over
//   `NL2|<version>|<passId>|<step>`, the signature (r‖s) in base64url: 116 characters, QR version
//   7. Still accepted, online and offline: phones that have not updated show it.
// - `NL1.<passId>.<step>.<mac>`: HMAC-SHA-256 with a key the server derived and gave the phone,
//   its first 12 bytes in base64url. Checked by the server only, and only for a pass that has no
//   phone key yet (phones that have not updated); never offline.
// The signed message names its format, so a signature belongs to one written form: an NL2
// signature re-written as NL3 (or back) does not verify.
// Isomorphic: no Node, no DOM.

export const PASS_CODE_PREFIX = 'NL1';
export const SIGNED_CODE_PREFIX = 'NL2';
/** The first two digits of an NL3 code: 1 a pass, 3 its format. */
export const DIGITS_CODE_TAG = '13';
export const STEP_SECONDS = 30;
/** Bytes of the MAC the code carries (at least 80 bits, as the specification asks). */
export const MAC_BYTES = 12;
/** base64url of MAC_BYTES bytes, without padding. */
const MAC_LENGTH = Math.ceil((MAC_BYTES * 8) / 6);
/** Pass ids: 16 base64url characters (96 bits). */
export const PASS_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;
/** An ECDSA P-256 signature as WebCrypto makes it: r and s, 32 bytes each. */
export const SIGNATURE_BYTES = 64;
const SIGNATURE_LENGTH = Math.ceil((SIGNATURE_BYTES * 8) / 6);
/** A P-256 public key as the phone registers it: the uncompressed point (65 bytes) in base64url. */
export const PUBLIC_KEY_PATTERN = /^[A-Za-z0-9_-]{87}$/;
/** The key parameters on both sides. */
export const PASS_KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
export const PASS_SIGNATURE_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as const;

/** A code the server derived the key of (NL1, being retired). */
export interface MacCode {
  format: 'NL1';
  passId: string;
  step: number;
  mac: string;
}

/** A code the member's phone signed: NL3 (digits) or NL2 (base64url, phones not yet updated). */
export interface SignedCode {
  format: 'NL2' | 'NL3';
  passId: string;
  step: number;
  /** The 64-byte signature in base64url, whichever way the code wrote it. */
  signature: string;
}

export type PassCode = MacCode | SignedCode;

/** The window of an instant (milliseconds of server time). */
export function stepAt(serverTimeMs: number): number {
  return Math.floor(serverTimeMs / (STEP_SECONDS * 1000));
}

/** When the window after `step` begins (for the phone's countdown). */
export function stepEndsAt(step: number): number {
  return (step + 1) * STEP_SECONDS * 1000;
}

/** What an NL1 MAC is computed over: the key version, the pass and the window. */
export function macMessage(version: number, passId: string, step: number): string {
  return `${version}.${passId}.${step}`;
}

/**
 * What the phone signs: the format, the key version, the pass and the window. The format is part
 * of it, so the server checks a code against the message of the form it was written in, and a
 * signature made for one form is no code in the other.
 */
export function signedMessage(format: SignedCode['format'], version: number, passId: string, step: number): string {
  return `${format}|${version}|${passId}|${step}`;
}

export function formatPassCode(code: PassCode): string {
  if (code.format === 'NL1') return `${PASS_CODE_PREFIX}.${code.passId}.${code.step}.${code.mac}`;
  if (code.format === 'NL2') return `${SIGNED_CODE_PREFIX}.${code.passId}.${code.step}.${code.signature}`;
  return `${DIGITS_CODE_TAG}${digitsOf(fromBase64url(code.passId), ID_DIGITS)}${String(code.step).padStart(STEP_DIGITS, '0')}${digitsOf(fromBase64url(code.signature), SIGNATURE_DIGITS)}`;
}

/** Bytes of a pass (or ticket) id: 16 base64url characters. */
const ID_BYTES = 12;
/** Decimal digits of the largest number of `bytes` bytes (2^(8 × bytes) − 1). */
function digitsFor(bytes: number): number {
  return ((1n << BigInt(8 * bytes)) - 1n).toString().length;
}
/** 29 digits for an id, 155 for a signature. */
export const ID_DIGITS = digitsFor(ID_BYTES);
export const SIGNATURE_DIGITS = digitsFor(SIGNATURE_BYTES);
/** Ten digits of window: enough until the year 11000. */
const STEP_DIGITS = 10;
const DIGITS_CODE_LENGTH = DIGITS_CODE_TAG.length + ID_DIGITS + STEP_DIGITS + SIGNATURE_DIGITS;

/** `bytes` as one big-endian number in decimal, zero-padded to `width` digits. */
export function digitsOf(bytes: Uint8Array, width: number): string {
  return integerOf(bytes).toString().padStart(width, '0');
}

/** The `length` bytes a zero-padded decimal number stands for, or null when it needs more. */
export function bytesOfDigits(digits: string, length: number): Uint8Array | null {
  if (!/^\d+$/.test(digits)) return null;
  let value = BigInt(digits);
  if (value >> BigInt(8 * length) !== 0n) return null;
  const bytes = new Uint8Array(length);
  for (let index = length - 1; index >= 0; index--, value >>= 8n) bytes[index] = Number(value & 0xffn);
  return bytes;
}

/** The order of the P-256 group: of the two signatures (r, s) and (r, n − s) of one message, the one with s ≤ n/2 is the code. */
const CURVE_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const HALF_ORDER = CURVE_ORDER >> 1n;

function integerOf(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

/** Whether a 64-byte signature (r‖s) is in the low form (s ≤ n/2), the only one a code may carry. */
export function isLowS(signature: Uint8Array): boolean {
  return signature.length === SIGNATURE_BYTES && integerOf(signature.subarray(32)) <= HALF_ORDER;
}

/**
 * The low form of a signature WebCrypto made: (r, n − s) where s > n/2. It verifies as the original
 * does (ECDSA cannot tell them apart), so every code has one written form (decision 042).
 */
export function lowS(signature: Uint8Array): Uint8Array {
  if (isLowS(signature)) return signature;
  let s = CURVE_ORDER - integerOf(signature.subarray(32));
  const result = new Uint8Array(SIGNATURE_BYTES);
  result.set(signature.subarray(0, 32));
  for (let index = SIGNATURE_BYTES - 1; index >= 32; index--, s >>= 8n) result[index] = Number(s & 0xffn);
  return result;
}

/** The parts of a code, or null for anything that is not one (a URL, a ticket, noise). */
export function parsePassCode(text: string): PassCode | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return parseDigitsCode(trimmed);
  const parts = trimmed.split('.');
  if (parts.length !== 4) return null;
  const [prefix, passId, step, proof] = parts as [string, string, string, string];
  // A window is written without leading zeros: `0123` and `123` would be one code written twice.
  if (!PASS_ID_PATTERN.test(passId) || !/^(?:0|[1-9]\d{0,11})$/.test(step) || !/^[A-Za-z0-9_-]+$/.test(proof)) return null;
  // One written form per signature: 86 characters carry 516 bits for 512, and the last four must be
  // 0; and of the twins (r, s) and (r, n − s), only the low one.
  if (prefix === SIGNED_CODE_PREFIX && proof.length === SIGNATURE_LENGTH) {
    const signature = fromBase64url(proof);
    return base64url(signature) === proof && isLowS(signature) ? { format: 'NL2', passId, step: Number(step), signature: proof } : null;
  }
  if (prefix === PASS_CODE_PREFIX && proof.length === MAC_LENGTH) return { format: 'NL1', passId, step: Number(step), mac: proof };
  return null;
}

/**
 * An NL3 code: every field has a fixed width, so each code has one written form; a field's number
 * too large for its bytes, or a high-S signature, is no code.
 */
function parseDigitsCode(text: string): SignedCode | null {
  if (text.length !== DIGITS_CODE_LENGTH || !text.startsWith(DIGITS_CODE_TAG)) return null;
  let at = DIGITS_CODE_TAG.length;
  const passIdBytes = bytesOfDigits(text.slice(at, (at += ID_DIGITS)), ID_BYTES);
  const step = Number(text.slice(at, (at += STEP_DIGITS)));
  const signature = bytesOfDigits(text.slice(at), SIGNATURE_BYTES);
  if (!passIdBytes || !signature || !isLowS(signature)) return null;
  return { format: 'NL3', passId: base64url(passIdBytes), step, signature: base64url(signature) };
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
