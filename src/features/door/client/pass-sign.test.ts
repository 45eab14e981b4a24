// The phone's code is the server's code: WebCrypto on the phone, node:crypto on the server, the
// phone's clock corrected by its measured offset.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passKeys } from '@/server/door/pass-keys';
import { base64url, parsePassCode, stepAt, STEP_SECONDS } from '../pass-code';
import { importPassKey, passCodeAt } from './pass-store';

describe('the pass on the phone', () => {
  const keys = passKeys(new Uint8Array(randomBytes(32)));
  const passId = keys.passIdFor('ada');

  it('signs the code the server verifies, and the key cannot be read back', async () => {
    const key = await importPassKey(base64url(keys.keyFor(passId, 3)));
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    const now = Date.now();
    const { code, step } = await passCodeAt({ passId, version: 3, key, offsetMs: 0 }, now);
    expect(step).toBe(stepAt(now));
    const parsed = parsePassCode(code)!;
    expect(keys.verifies(parsed, 3)).toBe(true);
    expect(keys.verifies(parsed, 2)).toBe(false);
  });

  it("applies the phone's offset from server time", async () => {
    const key = await importPassKey(base64url(keys.keyFor(passId, 1)));
    const serverNow = 1_800_000_000_000;
    // This phone runs five minutes slow: its code must still name the server's window.
    const slowPhone = serverNow - 5 * 60_000;
    const { step } = await passCodeAt({ passId, version: 1, key, offsetMs: serverNow - slowPhone }, slowPhone);
    expect(step).toBe(stepAt(serverNow));
    expect(step).not.toBe(stepAt(slowPhone));
    expect(STEP_SECONDS).toBe(30);
  });
});
