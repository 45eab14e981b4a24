// The pass code's written forms (decision 042, issue 48): NL3 in digits is what phones show, NL2
// still reads, each signature has one written form, and anything else is no code.
import { describe, expect, it } from 'vitest';
import { codeQr, QUIET_ZONE } from './code-qr';
import { base64url, bytesOfDigits, digitsOf, formatPassCode, fromBase64url, ID_DIGITS, lowS, parsePassCode, SIGNATURE_DIGITS, type SignedCode } from './pass-code';
import { formatTicketCode, parseTicketCode } from './ticket-code';
import { CODE_MAX } from './constants';

/** The order of P-256: n − s is the high twin of a low s. */
const CURVE_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const passId = 'AbCdEfGhIjKlMnO_';
const step = 59_000_123;

function randomSignature(): Uint8Array {
  return lowS(crypto.getRandomValues(new Uint8Array(64)));
}

function nl3(signature = randomSignature()): { code: SignedCode; text: string } {
  const code: SignedCode = { format: 'NL3', passId, step, signature: base64url(signature) };
  return { code, text: formatPassCode(code) };
}

describe('an NL3 pass code', () => {
  it('is 196 digits (13, the pass id, the window, the signature) and reads back as what was written', () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const { code, text } = nl3();
      expect(text).toMatch(/^13\d{194}$/);
      expect(parsePassCode(text)).toEqual(code);
      expect(formatPassCode(parsePassCode(text)!)).toBe(text);
    }
    expect(ID_DIGITS).toBe(29);
    expect(SIGNATURE_DIGITS).toBe(155);
    // The scan's input (and the keyboard field) takes it whole.
    expect(nl3().text.length).toBeLessThanOrEqual(CODE_MAX);
  });

  it('carries the extremes of every field: an id or signature of zeros, of all ones, and the first and last window', () => {
    const ones = new Uint8Array(12).fill(0xff);
    for (const id of [new Uint8Array(12), ones]) {
      for (const window of [0, 9_999_999_999]) {
        const code: SignedCode = { format: 'NL3', passId: base64url(id), step: window, signature: base64url(new Uint8Array(64)) };
        expect(parsePassCode(formatPassCode(code))).toEqual(code);
      }
    }
    expect(digitsOf(ones, ID_DIGITS)).toBe('79228162514264337593543950335');
    expect(bytesOfDigits('79228162514264337593543950336', 12)).toBeNull();
  });

  it('is drawn as a QR code in numeric mode, version 5 at error correction M, where NL2 needs version 7', () => {
    const signature = randomSignature();
    const text = nl3(signature).text;
    expect(codeQr(text).version).toBe(5);
    expect(codeQr(text).modules).toHaveLength(37 + 2 * QUIET_ZONE);
    const nl2 = formatPassCode({ format: 'NL2', passId, step, signature: base64url(signature) });
    expect(nl2).toHaveLength(116);
    expect(codeQr(nl2).version).toBe(7);
  });

  it('has one written form: the high twin of its signature, a field beyond its bytes, another length or tag are no code', () => {
    const signature = randomSignature();
    const { text } = nl3(signature);
    const s = BigInt(`0x${Buffer.from(signature.subarray(32)).toString('hex')}`);
    const twin = new Uint8Array(signature);
    twin.set(Buffer.from((CURVE_ORDER - s).toString(16).padStart(64, '0'), 'hex'), 32);
    expect(parsePassCode(text.slice(0, 2 + ID_DIGITS + 10) + digitsOf(twin, SIGNATURE_DIGITS))).toBeNull();
    // An id field of 2^96 (one more than 12 bytes hold) would wrap to another pass if read modulo.
    expect(parsePassCode(`13${(1n << 96n).toString()}${text.slice(2 + ID_DIGITS)}`)).toBeNull();
    // A signature field beyond 2^512.
    expect(parsePassCode(`${text.slice(0, 2 + ID_DIGITS + 10)}${'9'.repeat(SIGNATURE_DIGITS)}`)).toBeNull();
    expect(parsePassCode(text.slice(0, -1))).toBeNull();
    expect(parsePassCode(`${text}0`)).toBeNull();
    expect(parsePassCode(`0${text}`)).toBeNull();
    expect(parsePassCode(`23${text.slice(2)}`)).toBeNull();
    expect(parsePassCode(`${text.slice(0, 100)}x${text.slice(101)}`)).toBeNull();
    expect(parsePassCode(`${text.slice(0, 100)} ${text.slice(101)}`)).toBeNull();
    // What a hardware scanner types may come with blanks around it.
    expect(parsePassCode(` ${text}\n`)).not.toBeNull();
  });

  it('is told apart from a ticket: NT2 and NT1 are no pass, NL3 and NL2 no ticket', () => {
    const signature = base64url(randomSignature());
    const ticketId = 'TicketIdOf16Char';
    for (const format of ['NT1', 'NT2'] as const) {
      const ticket = formatTicketCode({ ticketId, signature }, format);
      expect(parsePassCode(ticket)).toBeNull();
      expect(parseTicketCode(ticket)).toEqual({ ticketId, signature });
    }
    expect(formatTicketCode({ ticketId, signature })).toMatch(/^22\d{184}$/);
    for (const format of ['NL3', 'NL2'] as const) expect(parseTicketCode(formatPassCode({ format, passId, step, signature }))).toBeNull();
  });
});

describe('an NL2 pass code (phones that have not updated)', () => {
  it('still reads, with its one written form', () => {
    const signature = base64url(randomSignature());
    const text = `NL2.${passId}.${step}.${signature}`;
    expect(parsePassCode(text)).toEqual({ format: 'NL2', passId, step, signature });
    expect(formatPassCode(parsePassCode(text)!)).toBe(text);
    expect(parsePassCode(`NL2.${passId}.0${step}.${signature}`)).toBeNull();
    expect(parsePassCode(`NL3.${passId}.${step}.${signature}`)).toBeNull();
  });

  it('and an NL3 code carry the same signature in the same bytes: only the signed message tells them apart', () => {
    const signature = randomSignature();
    const two = parsePassCode(formatPassCode({ format: 'NL2', passId, step, signature: base64url(signature) }))!;
    const three = parsePassCode(nl3(signature).text)!;
    expect(two.format).toBe('NL2');
    expect(three.format).toBe('NL3');
    if (two.format === 'NL1' || three.format === 'NL1') throw new Error('expected signed codes');
    expect(fromBase64url(three.signature)).toEqual(fromBase64url(two.signature));
  });
});
