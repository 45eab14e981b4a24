// The guard before every port of the embedded Auth emulator (scripts/emulator-guard.mjs, decision
// 012): which requests it refuses, which origins count as the app's, and that no answer grants
// private-network access. The real emulator behind it: src/server/embedded-launch.test.ts.
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { appOrigins, policyForPort, refusalOf, refuseRequest } from '../../../scripts/emulator-guard.mjs';

const APP = 'http://localhost:3000';
const api = { api: true, origins: appOrigins({ appPort: 3000, emulatorHost: '127.0.0.1:9099' }), allowNetwork: false };
const hub = { ...api, api: false };
const HOST = { host: '127.0.0.1:9099' };
// What Chrome sends with a page's fetch, and what Node's fetch sends (only Sec-Fetch-Mode).
const browser = (origin: string, site = 'cross-site'): IncomingHttpHeaders => ({ ...HOST, origin, 'sec-fetch-site': site, 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' });
const program: IncomingHttpHeaders = { ...HOST, authorization: 'Bearer owner', 'sec-fetch-mode': 'cors' };

describe('who the embedded Auth emulator answers', () => {
  it('answers programs on this machine and the app in the browser, and refuses every other page, Bearer owner from a browser, and other host names', () => {
    const table: [string, IncomingHttpHeaders, typeof api, string | null][] = [
      ['firebase-admin and the journal (Bearer owner, no Origin)', program, api, null],
      ['the hub for a program (an export from the CLI)', { ...HOST }, hub, null],
      ['the app signing in', browser(APP, 'same-site'), api, null],
      ['the app on 127.0.0.1', browser('http://127.0.0.1:3000'), api, null],
      ['the app on [::1]', browser('http://[::1]:3000'), api, null],
      ["the emulator's own sign-in popup calling its API", browser('http://127.0.0.1:9099', 'same-origin'), api, null],
      ['a link from an e-mail, pasted into the address bar', { ...HOST, 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }, api, null],
      ["the SDK's iframe, opened by the app", { ...HOST, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe', referer: `${APP}/` }, api, null],
      ['another site', browser('https://evil.example'), api, 'origin-not-allowed'],
      ['another port on this machine', browser('http://localhost:8080', 'same-site'), api, 'origin-not-allowed'],
      ['a sandboxed frame', browser('null'), api, 'origin-not-allowed'],
      ['the app with Bearer owner', { ...browser(APP), authorization: 'Bearer owner' }, api, 'authorization-from-browser'],
      ['Bearer owner with fetch metadata only', { ...program, 'sec-fetch-site': 'same-origin' }, api, 'authorization-from-browser'],
      ["another site's iframe", { ...HOST, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe', referer: 'https://evil.example/' }, api, 'site-not-allowed'],
      ["another site's image tag", { ...HOST, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }, api, 'site-not-allowed'],
      ['the app on the hub', browser(APP), hub, 'browser-not-allowed'],
      ['a same-origin page on the hub', { ...HOST, 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'document' }, hub, 'browser-not-allowed'],
      ['a rebound name, without Origin', { host: 'evil.example:9099' }, api, 'host-not-loopback'],
      ['a rebound name on the hub', { host: 'evil.example:9100', authorization: 'Bearer owner' }, hub, 'host-not-loopback'],
      ['no Host at all', {}, api, 'host-not-loopback'],
      ['another machine in a network demo', { host: '192.168.1.20:9099' }, { ...api, allowNetwork: true }, null],
      ['another site in a network demo', { ...browser('https://evil.example'), host: '192.168.1.20:9099' }, { ...api, allowNetwork: true }, 'origin-not-allowed'],
    ];
    for (const [name, headers, policy, refusal] of table) expect(refusalOf(headers, policy), name).toBe(refusal);
  });

  it("refuses a browser any Authorization (the emulator takes `Bearer ya29.…` as its owner too; the browser's SDK sends none), its own /emulator/v1 API to any page but the app's, and that API's changes and codes to every browser", () => {
    const accounts = '/identitytoolkit.googleapis.com/v1/projects/demo-venue/accounts:query';
    const emulator = '/emulator/v1/projects/demo-venue';
    const fromApp = browser(APP, 'same-site');
    const table: [string, string, string, IncomingHttpHeaders, string | null][] = [
      ['the app with a service-account token, which the emulator takes as its owner', 'POST', accounts, { ...fromApp, authorization: 'Bearer ya29.x' }, 'authorization-from-browser'],
      ['the app with owner in other spelling', 'POST', accounts, { ...fromApp, authorization: 'bearer  OWNER ' }, 'authorization-from-browser'],
      ['the app with an ID token as bearer', 'POST', '/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-key', { ...fromApp, authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.' }, 'authorization-from-browser'],
      ['the app with Basic credentials', 'POST', accounts, { ...fromApp, authorization: 'Basic b3duZXI6' }, 'authorization-from-browser'],
      ['a program with a service-account token', 'POST', accounts, { ...HOST, authorization: 'Bearer ya29.x' }, null],
      ['the app signing in, no Authorization', 'POST', '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key', fromApp, null],
      ['the app wiping every account', 'DELETE', `${emulator}/accounts`, fromApp, 'emulator-api-from-browser'],
      ["the app wiping a tenant's accounts", 'DELETE', `${emulator}/tenants/t1/accounts`, fromApp, 'emulator-api-from-browser'],
      ["the app changing the emulator's configuration", 'PATCH', `${emulator}/config`, fromApp, 'emulator-api-from-browser'],
      ['the app asking leave to wipe every account', 'OPTIONS', `${emulator}/accounts`, { ...fromApp, 'access-control-request-method': 'DELETE' }, 'emulator-api-from-browser'],
      ['the app reading the codes of every e-mail link', 'GET', `${emulator}/oobCodes`, fromApp, 'emulator-api-from-browser'],
      ["the app reading a tenant's codes", 'GET', `${emulator}/tenants/t1/oobCodes`, fromApp, 'emulator-api-from-browser'],
      ['the app reading the SMS codes', 'GET', `${emulator}/verificationCodes?x=1`, fromApp, 'emulator-api-from-browser'],
      ['the codes page typed into the address bar', 'GET', `${emulator}/oobCodes`, { ...HOST, 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }, 'emulator-api-from-browser'],
      ['the codes through dot segments', 'GET', `/identitytoolkit.googleapis.com/..${emulator}/oobCodes`, fromApp, 'emulator-api-from-browser'],
      ['the codes through doubled slashes', 'GET', `/${emulator}//oobCodes`, fromApp, 'emulator-api-from-browser'],
      ['the codes in capitals', 'GET', `${emulator.toUpperCase()}/OOBCODES`, fromApp, 'emulator-api-from-browser'],
      ['the codes by an absolute URL', 'GET', `http://127.0.0.1:9099${emulator}/oobCodes`, fromApp, 'emulator-api-from-browser'],
      ["the app reading the emulator's configuration", 'GET', `${emulator}/config`, fromApp, null],
      ["the emulator's own page reading its configuration", 'GET', `${emulator}/config`, browser('http://127.0.0.1:9099', 'same-origin'), 'origin-not-allowed'],
      ['a frame the app opened, on the configuration', 'GET', `${emulator}/config`, { ...HOST, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe', referer: `${APP}/` }, 'origin-not-allowed'],
      ['a same-origin read of the configuration without Origin', 'GET', `${emulator}/config`, { ...HOST, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' }, 'origin-not-allowed'],
      ['another site wiping every account', 'DELETE', `${emulator}/accounts`, browser('https://evil.example'), 'emulator-api-from-browser'],
      ['the sign-in popup of the emulator, opened by the app', 'GET', '/emulator/auth/handler?apiKey=demo-key', { ...HOST, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', referer: `${APP}/` }, null],
      ['a program wiping every account (the tests, npm run reset)', 'DELETE', `${emulator}/accounts`, { ...HOST, 'sec-fetch-mode': 'cors' }, null],
      ['a program reading the codes (the tests, the server)', 'GET', `${emulator}/oobCodes`, HOST, null],
      ['a program restoring the configuration (the journal)', 'PATCH', `${emulator}/config`, HOST, null],
    ];
    for (const [name, method, url, headers, refusal] of table) expect(refusalOf(headers, api, { method, url }), name).toBe(refusal);
  });

  it("counts as the app's origins its port under each loopback name, SITE_URL, the emulator's own address, and the demo's host name", () => {
    expect(appOrigins({ appPort: 3100, siteUrl: 'https://venue.example/de', emulatorHost: '0.0.0.0:9299', emulatorUrl: 'http://192.168.1.20:9299' }).sort()).toEqual(
      [
        'http://localhost:3100',
        'http://127.0.0.1:3100',
        'http://[::1]:3100',
        'http://localhost:9299',
        'http://127.0.0.1:9299',
        'http://[::1]:9299',
        'http://0.0.0.0:9299',
        'https://venue.example',
        'http://192.168.1.20:9299',
        'http://192.168.1.20:3100',
      ].sort(),
    );
  });

  it("reads the emulator process's policy per port, and without one answers no browser and only loopback names", () => {
    const serialized = JSON.stringify({ origins: [APP], allowNetwork: false, apiPorts: [4567] });
    expect(policyForPort(serialized, 4567)).toEqual({ api: true, origins: [APP], allowNetwork: false });
    expect(policyForPort(serialized, 4568)).toEqual({ api: false, origins: [APP], allowNetwork: false });
    for (const broken of [undefined, '', 'not json', 'null', '{"origins": "*", "allowNetwork": "yes"}']) {
      const policy = policyForPort(broken, 4567);
      expect(refusalOf(browser(APP), policy), String(broken)).toBe('browser-not-allowed');
      expect(refusalOf({ host: 'evil.example:4567' }, policy), String(broken)).toBe('host-not-loopback');
    }
  });
});

describe('the guard before a server that answers every origin as firebase-tools does', () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  /** Reflects any Origin and grants private-network access (cors({ origin: true }) plus firebase-tools' own middleware). */
  async function permissiveServer() {
    const server = http.createServer((request, response) => {
      if (refuseRequest(request, response, api)) return;
      if (request.headers.origin) response.setHeader('Access-Control-Allow-Origin', request.headers.origin);
      if (request.headers['access-control-request-private-network']) response.setHeader('Access-Control-Allow-Private-Network', 'true');
      if (request.method === 'OPTIONS') {
        response.writeHead(204, { 'access-control-allow-private-network': 'true', 'Access-Control-Allow-Methods': 'POST' });
        return response.end();
      }
      response.writeHead(200, ['content-type', 'application/json', 'Access-Control-Allow-Private-Network', 'true']);
      response.end(JSON.stringify({ users: [{ email: 'ada@example.org', passwordHash: 'fakeHash:salt=x:password=secret' }] }));
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return (server.address() as AddressInfo).port;
  }

  const ask = (port: number, method: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((done, fail) => {
      const request = http.request({ host: '127.0.0.1', port, method, path: '/identitytoolkit.googleapis.com/v1/projects/demo-venue/accounts:query', headers }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk));
        response.on('end', () => done({ status: response.statusCode!, headers: response.headers, body }));
      });
      request.on('error', fail);
      request.end(method === 'POST' ? '{}' : undefined);
    });

  it('gives another site neither a CORS grant nor the accounts, and the app its grant without private-network access', async () => {
    const port = await permissiveServer();
    const preflight = { 'access-control-request-method': 'POST', 'access-control-request-private-network': 'true' };
    for (const method of ['OPTIONS', 'POST']) {
      const evil = await ask(port, method, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', ...preflight });
      expect(evil.status, method).toBe(403);
      expect(evil.headers['access-control-allow-origin'], method).toBeUndefined();
      expect(evil.headers['access-control-allow-private-network'], method).toBeUndefined();
      expect(evil.body, method).not.toContain('ada@example.org');

      const app = await ask(port, method, { origin: APP, 'sec-fetch-site': 'same-site', ...preflight });
      expect(app.status, method).toBe(method === 'OPTIONS' ? 204 : 200);
      expect(app.headers['access-control-allow-origin'], method).toBe(APP);
      expect(app.headers['access-control-allow-private-network'], method).toBeUndefined();
    }
  });
});
