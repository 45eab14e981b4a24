import { describe, expect, it } from 'vitest';
import { verifyEmulatorToken } from './emulator-tokens';

const NOW = Date.parse('2026-11-23T20:00:00Z');
const seconds = NOW / 1000;

/** A token as the Auth emulator makes one: unsigned, "alg": "none". */
function token(claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'none', typ: 'JWT' }): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode(header)}.${encode(claims)}.`;
}

const session = {
  iss: 'https://session.firebase.google.com/demo-venue',
  aud: 'demo-venue',
  sub: 'ada',
  iat: seconds - 60,
  exp: seconds + 3600,
  auth_time: seconds - 120,
  role: 'member',
};

describe('verifyEmulatorToken', () => {
  it('returns the claims of a valid session cookie, with uid from sub', () => {
    expect(verifyEmulatorToken(token(session), 'session', 'demo-venue', NOW)).toMatchObject({ uid: 'ada', role: 'member', auth_time: seconds - 120 });
  });

  it('tells an ID token from a session cookie by its issuer', () => {
    const idToken = token({ ...session, iss: 'https://securetoken.google.com/demo-venue' });
    expect(verifyEmulatorToken(idToken, 'id', 'demo-venue', NOW).uid).toBe('ada');
    expect(() => verifyEmulatorToken(idToken, 'session', 'demo-venue', NOW)).toThrow(/issuer/);
    expect(() => verifyEmulatorToken(token(session), 'id', 'demo-venue', NOW)).toThrow(/issuer/);
  });

  it("refuses another project's token, an expired one, one from the future and one naming no account", () => {
    expect(() => verifyEmulatorToken(token({ ...session, aud: 'demo-other' }), 'session', 'demo-venue', NOW)).toThrow(/project/);
    expect(() => verifyEmulatorToken(token({ ...session, exp: seconds - 10 }), 'session', 'demo-venue', NOW)).toThrow(/expired/);
    expect(() => verifyEmulatorToken(token({ ...session, iat: seconds + 60 }), 'session', 'demo-venue', NOW)).toThrow(/future/);
    expect(() => verifyEmulatorToken(token({ ...session, sub: '' }), 'session', 'demo-venue', NOW)).toThrow(/account/);
    expect(() => verifyEmulatorToken(token({ ...session, auth_time: undefined }), 'session', 'demo-venue', NOW)).toThrow(/sign-in time/);
  });

  it('refuses what is not a token', () => {
    for (const bad of ['', 'abc', 'a.b', 'a.b.c.d', `${token(session).split('.')[0]}.%%%.`, `x.${Buffer.from('[1]').toString('base64url')}.`]) {
      expect(() => verifyEmulatorToken(bad, 'session', 'demo-venue', NOW)).toThrow();
    }
  });
});
