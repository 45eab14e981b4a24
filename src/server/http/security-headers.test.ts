import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createNonce, FIREBASE_BROWSER_HOSTS, pageSecurityHeaders, type PolicyOptions } from './security-headers';

const EMBEDDED: PolicyOptions = {
  nonce: 'bm9uY2U=',
  browser: { backend: 'embedded', authEmulatorUrl: 'http://127.0.0.1:9099' },
  development: false,
  https: false,
};
const FIREBASE: PolicyOptions = { ...EMBEDDED, browser: { backend: 'firebase', authDomain: 'venue.firebaseapp.com' }, https: true };

/** The policy as directive → sources. */
function parse(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe('the Content-Security-Policy', () => {
  it.each([
    ['embedded', EMBEDDED],
    ['firebase', FIREBASE],
  ] as const)('is strict in %s mode', (_, options) => {
    const policy = parse(contentSecurityPolicy(options));
    expect(policy['script-src']).toEqual(expect.arrayContaining(["'nonce-bm9uY2U='", "'strict-dynamic'", "'wasm-unsafe-eval'"]));
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['worker-src']).toEqual(["'self'"]);
    expect(policy['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
  });

  it('lets the browser reach only the app and the Auth emulator in embedded mode', () => {
    const policy = parse(contentSecurityPolicy(EMBEDDED));
    expect(policy['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9099']);
    // The Auth helper's frame only where someone signs in.
    expect(policy['frame-src']).toEqual(["'none'"]);
    expect(parse(contentSecurityPolicy({ ...EMBEDDED, signIn: true }))['frame-src']).toEqual(['http://127.0.0.1:9099']);
    expect(policy['upgrade-insecure-requests']).toBeUndefined();
  });

  it('lets the browser reach only the app and the Firebase hosts it uses in Firebase mode', () => {
    const policy = parse(contentSecurityPolicy(FIREBASE));
    expect(policy['connect-src']).toEqual(["'self'", ...FIREBASE_BROWSER_HOSTS.connect]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', ...FIREBASE_BROWSER_HOSTS.img]);
    expect(policy['frame-src']).toEqual(["'none'"]);
    expect(policy['script-src']).not.toEqual(expect.arrayContaining([...FIREBASE_BROWSER_HOSTS.script]));
    expect(policy['upgrade-insecure-requests']).toEqual([]);
    // Google's sign-in script and the Auth helper's frame: only on the sign-in pages.
    const signIn = parse(contentSecurityPolicy({ ...FIREBASE, signIn: true }));
    expect(signIn['frame-src']).toEqual(['https://venue.firebaseapp.com']);
    expect(signIn['script-src']).toEqual(expect.arrayContaining([...FIREBASE_BROWSER_HOSTS.script]));
  });

  it('adds the Auth emulator in Firebase mode only where one is configured (emulator tests)', () => {
    const policy = parse(contentSecurityPolicy({ ...FIREBASE, browser: { backend: 'firebase', authDomain: 'demo.firebaseapp.com', authEmulatorUrl: 'http://127.0.0.1:9399' } }));
    expect(policy['connect-src']).toEqual(["'self'", ...FIREBASE_BROWSER_HOSTS.connect, 'http://127.0.0.1:9399']);
  });

  it("allows 'unsafe-eval' only to Next's development server", () => {
    expect(parse(contentSecurityPolicy({ ...EMBEDDED, development: true }))['script-src']).toContain("'unsafe-eval'");
  });
});

describe('page security headers', () => {
  it('keep the Google sign-in popup able to report back', () => {
    expect(pageSecurityHeaders(EMBEDDED)['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('ask for https only when the site is served over https', () => {
    expect(pageSecurityHeaders(EMBEDDED)['strict-transport-security']).toBeUndefined();
    expect(pageSecurityHeaders(FIREBASE)['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
  });
});

describe('nonces', () => {
  it('are fresh, 128-bit and in the form Next.js reads', () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
