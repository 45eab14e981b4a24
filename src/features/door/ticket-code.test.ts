// Ticket codes (decision 050): signed by the server's key, checked with its public half alone, on
// the server and in a browser's WebCrypto (the scanner offline); refused with any other key.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTicketKey, ticketKeys } from './ticket-keys';
import { parseTicketCode, ticketMessage } from './ticket-code';
import { fromBase64url, PASS_KEY_ALGORITHM, PASS_SIGNATURE_ALGORITHM, parsePassCode } from './pass-code';

const keys = ticketKeys(loadTicketKey({ BACKEND: 'embedded', DATA_DIR: mkdtempSync(join(tmpdir(), 'ticket-key-')) }));
const ticketId = 'AbCdEfGhIjKlMnOp';

async function verifiesInBrowser(publicKey: string, code: string): Promise<boolean> {
  const parsed = parseTicketCode(code)!;
  const key = await crypto.subtle.importKey('raw', fromBase64url(publicKey) as Uint8Array<ArrayBuffer>, PASS_KEY_ALGORITHM, false, ['verify']);
  return crypto.subtle.verify(PASS_SIGNATURE_ALGORITHM, key, fromBase64url(parsed.signature) as Uint8Array<ArrayBuffer>, new TextEncoder().encode(ticketMessage(parsed.ticketId)));
}

describe('a ticket code', () => {
  it('is the ticket id and the server signature, checked with the public key on the server and in WebCrypto', async () => {
    const code = keys.codeOf(ticketId, keys.signatureFor(ticketId));
    expect(code).toMatch(/^NT1\.AbCdEfGhIjKlMnOp\.[A-Za-z0-9_-]{86}$/);
    const parsed = parseTicketCode(code)!;
    expect(parsed.ticketId).toBe(ticketId);
    expect(keys.verifies(parsed)).toBe(true);
    expect(await verifiesInBrowser(keys.publicKey, code)).toBe(true);
    // Not a pass, and a pass is not a ticket.
    expect(parsePassCode(code)).toBeNull();
  });

  it('is refused with any other key, and for another ticket', async () => {
    const code = keys.codeOf(ticketId, keys.signatureFor(ticketId));
    for (let attempt = 0; attempt < 5; attempt++) {
      const other = ticketKeys(new Uint8Array(randomBytes(32)));
      expect(other.verifies(parseTicketCode(code)!)).toBe(false);
      expect(await verifiesInBrowser(other.publicKey, code)).toBe(false);
    }
    const moved = parseTicketCode(code.replace(ticketId, 'ZZCdEfGhIjKlMnOp'))!;
    expect(keys.verifies(moved)).toBe(false);
  });

  it('has one written form: the high twin of a signature, a changed last character and other shapes are not codes', () => {
    const code = keys.codeOf(ticketId, keys.signatureFor(ticketId));
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
