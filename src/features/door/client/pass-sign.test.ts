// The phone's code is the server's code: the phone signs with its own key (WebCrypto), the server
// checks with the public key it registered, the phone's clock corrected by its measured offset.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passKeys } from '../pass-keys';
import { codeVerifies, type PassDocument } from '../passes';
import { codeQr } from '../code-qr';
import { base64url, formatPassCode, fromBase64url, lowS, PASS_SIGNATURE_ALGORITHM, parsePassCode, signedMessage, stepAt, STEP_SECONDS } from '../pass-code';
import { newPhoneKey, passCodeAt } from './pass-store';

describe('the pass on the phone', () => {
  const keys = passKeys(new Uint8Array(randomBytes(32)));
  const passId = keys.passIdFor('ada');
  const pass = (publicKey: string | null, version = 3): PassDocument => ({ uid: 'ada', version, createdAt: new Date(), rotatedAt: null, publicKey });

  it('makes its own key, whose private half cannot be read back, and signs the code the server verifies with the public half', async () => {
    const phoneKey = await newPhoneKey();
    expect(phoneKey.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('pkcs8', phoneKey.privateKey)).rejects.toThrow();
    expect(fromBase64url(phoneKey.publicKey)).toHaveLength(65);

    const now = Date.now();
    const { code, step } = await passCodeAt({ passId, version: 3, phoneKey, offsetMs: 0 }, now);
    expect(step).toBe(stepAt(now));
    // NL3, all digits: as the pass draws it, a version 5 QR code in numeric mode at error correction M (37 modules a side).
    expect(code).toMatch(/^13\d{194}$/);
    expect(codeQr(code).version).toBe(5);
    const parsed = parsePassCode(code)!;
    expect(parsed).toMatchObject({ format: 'NL3', passId, step });
    expect(await codeVerifies(keys, parsed, pass(phoneKey.publicKey))).toBe(true);
    // Another version (the pass renewed since) or another phone's key: refused.
    expect(await codeVerifies(keys, parsed, pass(phoneKey.publicKey, 4))).toBe(false);
    expect(await codeVerifies(keys, parsed, pass((await newPhoneKey()).publicKey))).toBe(false);
    expect(await codeVerifies(keys, parsed, pass(null))).toBe(false);
  });

  it('refuses a forged signature and another window’s code', async () => {
    const phoneKey = await newPhoneKey();
    const { code } = await passCodeAt({ passId, version: 3, phoneKey, offsetMs: 0 }, Date.now());
    const parsed = parsePassCode(code)!;
    if (parsed.format !== 'NL3') throw new Error('expected NL3');
    const flipped = (parsed.signature[0] === 'A' ? 'B' : 'A') + parsed.signature.slice(1);
    expect(await codeVerifies(keys, { ...parsed, signature: flipped }, pass(phoneKey.publicKey))).toBe(false);
    expect(await codeVerifies(keys, { ...parsed, step: parsed.step + 1 }, pass(phoneKey.publicKey))).toBe(false);
  });

  it('accepts the NL2 code of a phone that has not updated, and no signature in the other form than the one it was made for', async () => {
    const phoneKey = await newPhoneKey();
    const step = stepAt(Date.now());
    const signedAs = async (format: 'NL2' | 'NL3') =>
      base64url(lowS(new Uint8Array(await crypto.subtle.sign(PASS_SIGNATURE_ALGORITHM, phoneKey.privateKey, new TextEncoder().encode(signedMessage(format, 3, passId, step))))));
    const nl2 = parsePassCode(formatPassCode({ format: 'NL2', passId, step, signature: await signedAs('NL2') }))!;
    expect(nl2.format).toBe('NL2');
    expect(await codeVerifies(keys, nl2, pass(phoneKey.publicKey))).toBe(true);
    expect(await codeVerifies(keys, nl2, pass(phoneKey.publicKey, 4))).toBe(false);
    // The same signature written in the other form: its message names another format.
    const nl2AsNl3 = parsePassCode(formatPassCode({ format: 'NL3', passId, step, signature: await signedAs('NL2') }))!;
    expect(nl2AsNl3.format).toBe('NL3');
    expect(await codeVerifies(keys, nl2AsNl3, pass(phoneKey.publicKey))).toBe(false);
    const nl3AsNl2 = parsePassCode(formatPassCode({ format: 'NL2', passId, step, signature: await signedAs('NL3') }))!;
    expect(await codeVerifies(keys, nl3AsNl2, pass(phoneKey.publicKey))).toBe(false);
  });

  it('checks a retired NL1 code only for a pass no phone key was registered for', async () => {
    const step = stepAt(Date.now());
    const nl1 = parsePassCode(formatPassCode({ format: 'NL1', passId, step, mac: keys.macFor(passId, 3, step) }))!;
    expect(await codeVerifies(keys, nl1, pass(null))).toBe(true);
    expect(await codeVerifies(keys, nl1, pass((await newPhoneKey()).publicKey))).toBe(false);
  });

  it("applies the phone's offset from server time", async () => {
    const phoneKey = await newPhoneKey();
    const serverNow = 1_800_000_000_000;
    // This phone runs five minutes slow: its code must still name the server's window.
    const slowPhone = serverNow - 5 * 60_000;
    const { step } = await passCodeAt({ passId, version: 1, phoneKey, offsetMs: serverNow - slowPhone }, slowPhone);
    expect(step).toBe(stepAt(serverNow));
    expect(step).not.toBe(stepAt(slowPhone));
    expect(STEP_SECONDS).toBe(30);
  });
});
