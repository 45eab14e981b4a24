import { describe, expect, it } from 'vitest';
import { identityFromClaims } from './identity';
import { isSameOrigin } from '@/server/http/same-origin';

describe('identity from verified claims', () => {
  it("takes the name from the token, never the token's picture nor its role claim", () => {
    // Anyone can set their account's photoURL through Firebase's own API, to another member's photo.
    expect(
      identityFromClaims({ uid: 'u1', email: 'ada@example.org', email_verified: true, name: 'Ada', picture: 'https://venue.example/api/avatars/bob?v=1', role: 'admin' }),
    ).toEqual({ uid: 'u1', email: 'ada@example.org', emailVerified: true, displayName: 'Ada', photoURL: null, role: null });
  });

  it('fills in what the token leaves out', () => {
    expect(identityFromClaims({ uid: 'u2', role: 'superuser' })).toEqual({
      uid: 'u2',
      email: null,
      emailVerified: false,
      displayName: null,
      photoURL: null,
      role: null,
    });
  });
});

describe('same-origin check', () => {
  const request = (headers: Record<string, string>) => new Request('http://localhost:3000/api/session', { method: 'POST', headers });

  it('accepts requests from the site itself', () => {
    expect(isSameOrigin(request({ host: 'localhost:3000', origin: 'http://localhost:3000' }))).toBe(true);
    expect(isSameOrigin(request({ host: 'localhost:3000', 'sec-fetch-site': 'same-origin' }))).toBe(true);
  });

  it('refuses other sites and requests that say nothing', () => {
    expect(isSameOrigin(request({ host: 'localhost:3000', origin: 'https://evil.example' }))).toBe(false);
    expect(isSameOrigin(request({ host: 'localhost:3000', origin: 'null' }))).toBe(false);
    expect(isSameOrigin(request({ host: 'localhost:3000', 'sec-fetch-site': 'cross-site' }))).toBe(false);
    expect(isSameOrigin(request({ host: 'localhost:3000' }))).toBe(false);
  });
});
