// scripts/with-backend.mjs as `npm start` runs it, with a short command in place of Next.js: what
// the embedded backend leaves on disk, where its Auth emulator listens and whom it answers
// (decision 012). Starts a real emulator, on LAUNCH_TEST_EMULATOR_HOST (default 127.0.0.1:9499).
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';

const EMULATOR = process.env.LAUNCH_TEST_EMULATOR_HOST ?? '127.0.0.1:9499';
const ROOT = resolve(__dirname, '../..');
const mode = (path: string) => statSync(path).mode & 0o777;

function launch(command: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, ['scripts/with-backend.mjs', ...command], {
      cwd: ROOT,
      env: { ...process.env, BACKEND: 'embedded', FIREBASE_AUTH_EMULATOR_HOST: EMULATOR, EMBEDDED_ALLOW_NETWORK: '0', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}

/** Whether something accepts connections at this address (false when nothing listens there). */
const SCRIPT = `
const net = require('node:net');
const fs = require('node:fs');
const reachable = (host, port) => new Promise((done) => {
  const socket = net.connect({ host, port, timeout: 2000 }, () => { socket.destroy(); done(true); });
  socket.on('error', () => done(false));
  socket.on('timeout', () => { socket.destroy(); done(false); });
});
(async () => {
  fs.writeFileSync(process.env.DATA_DIR + '/written-by-the-app.txt', 'x');
  const [host, port] = process.env.FIREBASE_AUTH_EMULATOR_HOST.split(':');
  // An account, so the emulator has something to export.
  await fetch('http://' + process.env.FIREBASE_AUTH_EMULATOR_HOST + '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'a@example.org', password: 'secret-1', returnSecureToken: true }),
  });
  const outside = JSON.parse(process.env.OUTSIDE);
  const result = { loopback: await reachable(host, Number(port)), outside: {} };
  for (const address of outside) result.outside[address] = await reachable(address, Number(port));
  console.log('RESULT ' + JSON.stringify(result));
})();
`;

const outsideAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((entry) => entry && !entry.internal && entry.family === 'IPv4')
  .map((entry) => entry!.address);

describe('the embedded backend on disk and on the network', () => {
  it('keeps DATA_DIR to its user (0700, files 0600, the emulator export too), its emulator on loopback, and no export folders behind', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'venue-launch-')), 'data');
    // A data directory from before: open to everyone, with a stray export of an interrupted stop.
    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, 'uploads', 'old.bin'), 'x', { mode: 0o644 });
    mkdirSync(join(dataDir, 'firebase-export-1700000000000abc'));
    const before = new Set(readdirSync(ROOT).filter((name) => name.startsWith('firebase-export-')));

    const { code, stdout, stderr } = await launch(['tsx', '-e', SCRIPT], { DATA_DIR: dataDir, OUTSIDE: JSON.stringify(outsideAddresses) });
    expect(code, stderr).toBe(0);
    const result = JSON.parse(/RESULT (.*)/.exec(stdout)![1]!);
    expect(result.loopback).toBe(true);
    for (const address of outsideAddresses) expect(result.outside[address], `emulator reachable on ${address}`).toBe(false);

    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'uploads'))).toBe(0o700);
    expect(mode(join(dataDir, 'uploads', 'old.bin'))).toBe(0o600);
    expect(mode(join(dataDir, 'written-by-the-app.txt'))).toBe(0o600);
    const exported = join(dataDir, 'auth', 'auth_export', 'accounts.json');
    expect(existsSync(exported)).toBe(true);
    expect(mode(exported)).toBe(0o600);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('firebase-export-'))).toEqual([]);
    expect(readdirSync(ROOT).filter((name) => name.startsWith('firebase-export-') && !before.has(name))).toEqual([]);
  }, 240_000);

  it('refuses to open the emulator or the app to the network without EMBEDDED_ALLOW_NETWORK=1', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'venue-launch-'));
    const emulator = await launch(['tsx', '-e', '0'], { DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: '0.0.0.0:9499' });
    expect(emulator.code).toBe(2);
    expect(emulator.stderr).toMatch(/EMBEDDED_ALLOW_NETWORK=1/);
    const app = await launch(['next', 'start', '--hostname', '0.0.0.0'], { DATA_DIR: dataDir });
    expect(app.code).toBe(2);
    expect(app.stderr).toMatch(/Refusing to listen on 0\.0\.0\.0/);
  }, 30_000);
});

/**
 * The launcher with, standing in for the app, a process that signs up SIGN_UP through the
 * journal, says READY and stays; in its own process group, so a test can end all of it.
 */
function startSigningUp(env: NodeJS.ProcessEnv) {
  const app = `
    (async () => {
      const response = await fetch('http://' + process.env.FIREBASE_AUTH_EMULATOR_HOST + '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: process.env.SIGN_UP, password: 'secret-1', returnSecureToken: true }),
      });
      console.log(response.ok ? 'READY' : 'FAILED ' + (await response.text()));
      setInterval(() => {}, 1000);
    })();`;
  const child = spawn(process.execPath, ['scripts/with-backend.mjs', 'tsx', '-e', app], { cwd: ROOT, env, detached: true });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const ready = new Promise<void>((done, fail) => {
    const check = setInterval(() => {
      if (/READY/.test(output)) done();
      else if (/FAILED/.test(output) || child.exitCode !== null) fail(new Error(output));
      else return;
      clearInterval(check);
    }, 100);
  });
  return { child, ready, output: () => output };
}

describe('a start after an unclean stop', () => {
  it('stops the emulator and app an earlier start left running, keeps its accounts, and says so in one line', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'venue-launch-'));
    const env = { ...process.env, BACKEND: 'embedded', FIREBASE_AUTH_EMULATOR_HOST: EMULATOR, DATA_DIR: dataDir };
    const start = (email: string) => startSigningUp({ ...env, SIGN_UP: email });
    const first = start('first@example.org');
    await first.ready;
    // Only the launcher dies (as when its terminal is killed): the emulator and the app live on,
    // holding the emulator's hub and logging ports.
    process.kill(first.child.pid!, 'SIGKILL');
    const second = start('second@example.org');
    try {
      await second.ready;
      expect(second.output()).toMatch(/^Recovered after an unclean stop: stopped the Auth emulator an earlier start left running \(pid \d+\); stopped the MailDev inbox an earlier start left running \(pid \d+\); stopped the app an earlier start left running \(pid \d+\)(; removed the emulator lock an earlier start left)?\.$/m);
      const accounts = JSON.parse(readFileSync(join(dataDir, 'auth', 'auth_export', 'accounts.json'), 'utf8')) as { users: { email: string }[] };
      expect(accounts.users.map((user) => user.email).sort()).toEqual(['first@example.org', 'second@example.org']);
    } finally {
      for (const child of [first.child, second.child]) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  }, 240_000);
});

describe("the emulator's ports and another web page in the operator's browser", () => {
  /** A raw request with exactly these headers (fetch would add its own), and its whole answer. */
  const ask = (port: number, method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((done, fail) => {
      const request = httpRequest({ host: '127.0.0.1', port, method, path, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk));
        response.on('end', () => done({ status: response.statusCode!, headers: response.headers, body: text }));
      });
      request.on('error', fail);
      request.end(body);
    });

  it('gives a page on another origin no CORS grant and no account on the journal, emulator, hub and logging ports, and the app no owner token and no wiping or codes, while the app signs in and programs keep theirs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'venue-launch-'));
    const appPort = 3987;
    const { child, ready } = startSigningUp({ ...process.env, BACKEND: 'embedded', FIREBASE_AUTH_EMULATOR_HOST: EMULATOR, EMBEDDED_ALLOW_NETWORK: '0', DATA_DIR: dataDir, PORT: String(appPort), SIGN_UP: 'kept@example.org' });
    try {
      await ready;
      const { emulators } = JSON.parse(readFileSync(join(dataDir, 'firebase.emulators.json'), 'utf8')) as { emulators: Record<'auth' | 'hub' | 'logging', { port: number }> };
      const journal = Number(EMULATOR.split(':')[1]);
      const ports = { journal, emulator: emulators.auth.port, hub: emulators.hub.port, logging: emulators.logging.port };
      const project = '/identitytoolkit.googleapis.com/v1/projects/demo-venue';
      const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };
      const preflight = { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type', 'access-control-request-private-network': 'true' };
      const attempts: [string, string, Record<string, string>, string?][] = [
        ['OPTIONS', `${project}/accounts:query`, { ...evil, ...preflight }],
        ['POST', `${project}/accounts:query`, { ...evil, authorization: 'Bearer owner' }, '{}'],
        ['POST', `${project}/accounts:batchGet`, { ...evil, 'content-type': 'text/plain' }, '{}'],
        ['GET', `${project}/accounts:batchGet?maxResults=-1`, evil],
        ['GET', '/emulator/v1/projects/demo-venue/config', evil],
        ['DELETE', '/emulator/v1/projects/demo-venue/accounts', evil],
        ['GET', '/emulators', evil],
        ['POST', '/_admin/export', { ...evil, 'content-type': 'text/plain' }, JSON.stringify({ path: join(dataDir, 'stolen') })],
        // A page whose own name resolves to 127.0.0.1 (DNS rebinding): same origin, no Origin header.
        ['GET', `${project}/accounts:batchGet?maxResults=-1`, { host: 'evil.example', authorization: 'Bearer owner' }],
        ['GET', '/emulators', { host: 'evil.example' }],
      ];
      for (const [name, port] of Object.entries(ports)) {
        for (const [method, path, headers, body] of attempts) {
          const answer = await ask(port, method, path, headers, body);
          const what = `${method} ${path} on the ${name} port (${headers.origin ?? headers.host})`;
          expect(answer.status, what).toBe(403);
          expect(answer.headers['access-control-allow-origin'], what).toBeUndefined();
          expect(answer.headers['access-control-allow-private-network'], what).toBeUndefined();
          expect(answer.body, what).not.toContain('kept@example.org');
        }
        // Even the app's own pages get nothing from the hub and logging, and never Bearer owner.
        const fromApp = { origin: `http://localhost:${appPort}`, 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };
        expect((await ask(port, 'POST', `${project}/accounts:query`, { ...fromApp, authorization: 'Bearer owner' }, '{}')).status, name).toBe(403);
        if (name === 'hub' || name === 'logging') expect((await ask(port, 'GET', '/emulators', fromApp)).status, name).toBe(403);
        // Nor a service-account token (the emulator takes every `ya29.` one as its owner), nor the
        // emulator's own API to wipe the accounts or read the codes of the e-mail links.
        const fromAppAttempts: [string, string, Record<string, string>, string?][] = [
          ['POST', `${project}/accounts:query`, { ...fromApp, authorization: 'Bearer ya29.x' }, '{}'],
          ['GET', `${project}/accounts:batchGet?maxResults=-1`, { ...fromApp, authorization: 'Bearer ya29.x' }],
          ['DELETE', '/emulator/v1/projects/demo-venue/accounts', fromApp],
          ['GET', '/emulator/v1/projects/demo-venue/oobCodes', fromApp],
        ];
        for (const [method, path, headers, body] of fromAppAttempts) {
          const answer = await ask(port, method, path, headers, body);
          expect(answer.status, `${method} ${path} from the app on the ${name} port`).toBe(403);
          expect(answer.body, `${method} ${path} from the app on the ${name} port`).not.toContain('kept@example.org');
        }
      }
      expect(existsSync(join(dataDir, 'stolen'))).toBe(false);
      // Still deleted nothing: the account is there for the server, as firebase-admin asks.
      const admin = await ask(journal, 'POST', `${project}/accounts:query`, { authorization: 'Bearer owner' }, '{}');
      expect(admin.status).toBe(200);
      expect(admin.body).toContain('kept@example.org');
      // The hub still answers programs on this machine (firebase emulators:export).
      expect((await ask(ports.hub, 'GET', '/emulators', {})).status).toBe(200);

      // The app's origin, under each loopback name, signs in as the browser's SDK does.
      for (const origin of [`http://localhost:${appPort}`, `http://127.0.0.1:${appPort}`]) {
        const browser = { origin, 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };
        const granted = await ask(journal, 'OPTIONS', '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key', { ...browser, ...preflight });
        expect(granted.headers['access-control-allow-origin'], origin).toBe(origin);
        expect(granted.headers['access-control-allow-private-network'], origin).toBeUndefined();
        const signIn = await ask(journal, 'POST', '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key', browser, JSON.stringify({ email: 'kept@example.org', password: 'secret-1', returnSecureToken: true }));
        expect(signIn.status, origin).toBe(200);
        expect(signIn.headers['access-control-allow-origin'], origin).toBe(origin);
        expect(JSON.parse(signIn.body), origin).toHaveProperty('idToken');
      }

      // MailDev beside it holds every sign-in link the app mails, and reflects any origin in its
      // CORS answer: behind the same guard, a page on another origin (or another Host) reads none.
      const mailDev = journal + 4;
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port: journal + 3, ignoreTLS: true });
      await transport.sendMail({ from: 'app@example.org', to: 'kept@example.org', subject: 'Your link', text: 'https://app.example/confirm?oobCode=secret-code' });
      transport.close();
      const mailDevAttempts: [string, Record<string, string>][] = [
        ['GET', evil],
        ['OPTIONS', { ...evil, ...preflight }],
        ['GET', { host: 'evil.example' }],
        ['DELETE', { ...evil, 'content-type': 'text/plain' }],
      ];
      for (const [method, headers] of mailDevAttempts) {
        const answer = await ask(mailDev, method, '/api/email', headers);
        expect(answer.status, `${method} MailDev from ${headers.origin ?? headers.host}`).toBe(403);
        expect(answer.headers['access-control-allow-origin']).toBeUndefined();
        expect(answer.body).not.toContain('secret-code');
      }
      // Its own page, the app's pages and programs read it.
      const read = async (headers: Record<string, string>) => (await ask(mailDev, 'GET', '/api/email', headers)).body;
      expect(await read({})).toContain('secret-code');
      expect(await read({ origin: `http://localhost:${appPort}`, 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' })).toContain('secret-code');
      expect(await read({ 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', origin: `http://127.0.0.1:${mailDev}` })).toContain('secret-code');

      // Programs keep the emulator's own API: the tests wipe every account with it.
      expect((await ask(journal, 'DELETE', '/emulator/v1/projects/demo-venue/accounts', {})).status).toBe(200);
      expect((await ask(journal, 'POST', `${project}/accounts:query`, { authorization: 'Bearer owner' }, '{}')).body).not.toContain('kept@example.org');
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }, 240_000);
});
