import { describe, expect, it } from 'vitest';
import { loginHref, safeReturnPath } from './return-path';

describe('return path after sign-in', () => {
  it('accepts pages of the route table, with their language prefix and query', () => {
    expect(safeReturnPath('/vip')).toBe('/vip');
    expect(safeReturnPath('/de/admin/users?q=ada')).toBe('/de/admin/users?q=ada');
    expect(safeReturnPath('/admin/users/abc123')).toBe('/admin/users/abc123');
  });

  it('refuses other sites, unknown paths and the sign-in pages themselves', () => {
    for (const bad of ['https://evil.example/vip', '//evil.example/vip', '/\\evil.example', 'vip', '/nope', '/login', '/de/confirm', '', null]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });

  it('links to /login with the current page in the visitor language', () => {
    expect(loginHref('/vip/qr', 'en')).toBe('/login?next=%2Fvip%2Fqr');
    expect(loginHref('/vip/qr', 'de')).toBe('/login?next=%2Fde%2Fvip%2Fqr');
    expect(loginHref('/', 'de')).toBe('/login');
    expect(loginHref('/login', 'en')).toBe('/login');
  });
});
