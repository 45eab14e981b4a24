// Ticket codes (decision 050): signed by the server's key, checked with its public half alone, on
// the server and in a browser's WebCrypto (the scanner offline); refused with any other key.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTicketKey, ticketKeys } from './ticket-keys';
import { formatTicketCode, parseTicketCode, ticketMessage } from './ticket-code';
import { base64url, digitsOf, fromBase64url, ID_DIGITS, PASS_KEY_ALGORITHM, PASS_SIGNATURE_ALGORITHM, parsePassCode, SIGNATURE_DIGITS } from './pass-code';
import { codeQr } from './code-qr';

/** The order of P-256: n − s is the high twin of a low s. */
const CURVE_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

const keys = ticketKeys(loadTicketKey({ BACKEND: 'embedded', DATA_DIR: mkdtempSync(join(tmpdir(), 'ticket-key-')) }));
const ticketId = 'AbCdEfGhIjKlMnOp';

async function verifiesInBrowser(publicKey: string, code: string): Promise<boolean> {
  const parsed = parseTicketCode(code)!;
  const key = await crypto.subtle.importKey('raw', fromBase64url(publicKey) as Uint8Array<ArrayBuffer>, PASS_KEY_ALGORITHM, false, ['verify']);
  return crypto.subtle.verify(PASS_SIGNATURE_ALGORITHM, key, fromBase64url(parsed.signature) as Uint8Array<ArrayBuffer>, new TextEncoder().encode(ticketMessage(parsed.ticketId)));
}

describe('a ticket code', () => {
  it('is the ticket id and the server signature, checked with the public key on the server and in WebCrypto', async () => {
    const signature = keys.signatureFor(ticketId);
    const code = keys.codeOf(ticketId, signature);
    // NT2: 22, the ticket id and the signature as zero-padded numbers; a numeric-mode QR code of version 5.
    expect(code).toMatch(/^22\d{184}$/);
    expect(codeQr(code).version).toBe(5);
    const parsed = parseTicketCode(code)!;
    expect(parsed).toEqual({ ticketId, signature });
    expect(formatTicketCode(parsed)).toBe(code);
    expect(keys.verifies(parsed)).toBe(true);
    expect(await verifiesInBrowser(keys.publicKey, code)).toBe(true);
    // Not a pass, and a pass is not a ticket.
    expect(parsePassCode(code)).toBeNull();
  });

  it('still reads as NT1, as tickets mailed or saved before issue 48 show it: the same signature over the same message', async () => {
    const signature = keys.signatureFor(ticketId);
    const nt1 = formatTicketCode({ ticketId, signature }, 'NT1');
    expect(nt1).toMatch(/^NT1\.AbCdEfGhIjKlMnOp\.[A-Za-z0-9_-]{86}$/);
    expect(codeQr(nt1).version).toBe(7);
    expect(parseTicketCode(nt1)).toEqual({ ticketId, signature });
    expect(keys.verifies(parseTicketCode(nt1)!)).toBe(true);
    expect(await verifiesInBrowser(keys.publicKey, nt1)).toBe(true);
    expect(parsePassCode(nt1)).toBeNull();
  });

  it('is refused with any other key, and for another ticket', async () => {
    const code = keys.codeOf(ticketId, keys.signatureFor(ticketId));
    for (let attempt = 0; attempt < 5; attempt++) {
      const other = ticketKeys(new Uint8Array(randomBytes(32)));
      expect(other.verifies(parseTicketCode(code)!)).toBe(false);
      expect(await verifiesInBrowser(other.publicKey, code)).toBe(false);
    }
    const moved = parseTicketCode(formatTicketCode({ ticketId: 'ZZCdEfGhIjKlMnOp', signature: parseTicketCode(code)!.signature }))!;
    expect(moved.ticketId).toBe('ZZCdEfGhIjKlMnOp');
    expect(keys.verifies(moved)).toBe(false);
    // One digit of the signature changed: still a code, and not the server's.
    const forged = code.slice(0, -5) + (code.at(-5) === '1' ? '2' : '1') + code.slice(-4);
    expect(parseTicketCode(forged)).not.toBeNull();
    expect(keys.verifies(parseTicketCode(forged)!)).toBe(false);
  });

  it('has one written form in NT2: the high twin of its signature, a field beyond its bytes, another length or tag are no code', () => {
    const signature = fromBase64url(keys.signatureFor(ticketId));
    const code = formatTicketCode({ ticketId, signature: base64url(signature) });
    const s = BigInt(`0x${Buffer.from(signature.subarray(32)).toString('hex')}`);
    const twin = new Uint8Array(signature);
    twin.set(Buffer.from((CURVE_ORDER - s).toString(16).padStart(64, '0'), 'hex'), 32);
    expect(parseTicketCode(`22${code.slice(2, 2 + ID_DIGITS)}${digitsOf(twin, SIGNATURE_DIGITS)}`)).toBeNull();
    expect(parseTicketCode(`22${(1n << 96n).toString()}${code.slice(2 + ID_DIGITS)}`)).toBeNull();
    expect(parseTicketCode(`22${code.slice(2, 2 + ID_DIGITS)}${'9'.repeat(SIGNATURE_DIGITS)}`)).toBeNull();
    expect(parseTicketCode(code.slice(0, -1))).toBeNull();
    expect(parseTicketCode(`${code}0`)).toBeNull();
    expect(parseTicketCode(`13${code.slice(2)}`)).toBeNull();
  });

  it('has one written form in NT1: the high twin of a signature, a changed last character and other shapes are not codes', () => {
    const code = formatTicketCode({ ticketId, signature: keys.signatureFor(ticketId) }, 'NT1');
    expect(parseTicketCode(`${code}.1`)).toBeNull();
    expect(parseTicketCode(code.replace('NT1', 'NT2'))).toBeNull();
    expect(parseTicketCode(code.slice(0, -1))).toBeNull();
    // 86 characters carry 516 bits for 512: a last character with its low bits set is another spelling.
    const last = code.at(-1)!;
    const respelled = code.slice(0, -1) + String.fromCharCode(last.charCodeAt(0) + 1);
    expect(parseTicketCode(respelled)).toBeNull();
  });

  it('is signed with a key the embedded backend keeps in DATA_DIR, readable by its owner only, and the same after a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ticket-key-'));
    const first = ticketKeys(loadTicketKey({ BACKEND: 'embedded', DATA_DIR: dir }));
    const again = ticketKeys(loadTicketKey({ BACKEND: 'embedded', DATA_DIR: dir }));
    expect(again.publicKey).toBe(first.publicKey);
    expect(statSync(join(dir, 'ticket-signing-key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'ticket-signing-key'), 'utf8').trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(() => loadTicketKey({ BACKEND: 'firebase', DATA_DIR: dir })).toThrow(/TICKET_SIGNING_KEY is required/);
  });
});
