import { describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { isLoopbackHost, refusesHost } from './exposure';
import { localOnlyRefusal } from './local-only-refusal';
import { firebaseWebConfig } from '@/server/firebase/web-config';
import { parseEnv } from '@/server/env';
import { readFileSync } from 'node:fs';

const LOOPBACK = ['localhost', 'localhost:3000', 'LOCALHOST:3101', '127.0.0.1', '127.0.0.1:3000', '127.12.0.254:80', '[::1]', '[::1]:3000'];
const ELSEWHERE = [null, '', '192.168.1.20:3000', 'venue.example', 'localhost.evil.example', 'evil.localhost', '127.0.0.1.nip.io', '127.0.0.256', '[::ffff:127.0.0.1]', '0.0.0.0:3000', '10.0.0.2'];

describe('who may reach the embedded backend', () => {
  it('knows the loopback names', () => {
    for (const host of LOOPBACK) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ELSEWHERE) expect(isLoopbackHost(host), String(host)).toBe(false);
  });

  it('refuses other names unless the network demo is opted into; the Firebase backend refuses none', () => {
    const local = parseEnv({});
    const demo = parseEnv({ EMBEDDED_ALLOW_NETWORK: '1' });
    const firebase = parseEnv({ BACKEND: 'firebase', FIREBASE_PROJECT_ID: 'p', FIREBASE_API_KEY: 'k', FIREBASE_AUTH_DOMAIN: 'p.firebaseapp.com', PASS_SIGNING_KEY: 'mn-ajMd46NFNPlEwLmqxwx3_kL4PC44NP1V29DVpsk4', TICKET_SIGNING_KEY: 'rbb_t8eEtiJ-ueAaKwuDHMu2OPxYCQU6XBH32E25V6o' });
    expect(refusesHost(local, '192.168.1.20:3000')).toBe(true);
    expect(refusesHost(local, 'localhost:3000')).toBe(false);
    expect(refusesHost(demo, '192.168.1.20:3000')).toBe(false);
    expect(refusesHost(firebase, 'venue.example')).toBe(false);
  });

  it('sends the proxy every request by a non-loopback name, and requests on this machine to pages only', () => {
    // The matcher must be a literal in src/proxy.ts (Next.js reads it at build time), and the
    // proxy module needs Next's runtime to load: its text is read here.
    const proxy = readFileSync(new URL('../../proxy.ts', import.meta.url), 'utf8');
    const literal = (pattern: RegExp) => proxy.match(pattern)![1]!.replace(/\\\\/g, '\\');
    const elsewhere = { source: literal(/source: '([^']+)'/), host: literal(/key: 'host', value: '([^']+)'/) };
    // Next.js matches the header case-sensitively against ^value$; the proxy decides the rest.
    const skipsProxy = new RegExp(`^${elsewhere.host}$`);
    for (const host of LOOPBACK.filter((host) => host === host.toLowerCase())) expect(skipsProxy.test(host), host).toBe(true);
    for (const host of ELSEWHERE) expect(skipsProxy.test(host ?? ''), String(host)).toBe(false);
    for (const path of ['/api/trpc/identity.me', '/api/session', '/api/uploads/x', '/sw.js', '/serwist/sw.js', '/icons/icon.svg', '/de/admin']) {
      expect(new RegExp(`^${elsewhere.source.replace('/((?!', '/(?:(?!')}$`).test(path), path).toBe(true);
    }
  });

  it('answers a refused page in the visitor language and a refused API call with JSON, never cached', async () => {
    const page = localOnlyRefusal(new NextRequest('http://192.168.1.20:3000/admin', { headers: { 'accept-language': 'fr;q=1, de-DE;q=0.8, en;q=0.5' } }));
    expect(page.status).toBe(403);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Nur auf diesem Computer');
    expect(html).not.toContain('<script');

    const english = await localOnlyRefusal(new NextRequest('http://192.168.1.20:3000/about')).text();
    expect(english).toContain('Only on this computer');
    expect(await localOnlyRefusal(new NextRequest('http://192.168.1.20:3000/de/about')).text()).toContain('lang="de"');

    const api = localOnlyRefusal(new NextRequest('http://192.168.1.20:3000/api/trpc/identity.me'));
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ error: 'local-only', message: expect.stringContaining('Only on this computer') });
  });

  it('tells the browser to warn on every page only in the network demo', () => {
    expect(firebaseWebConfig(parseEnv({}), '127.0.0.1:9099').demoOnNetwork).toBeUndefined();
    expect(firebaseWebConfig(parseEnv({ EMBEDDED_ALLOW_NETWORK: '1' }), '127.0.0.1:9099').demoOnNetwork).toBe(true);
  });
});
