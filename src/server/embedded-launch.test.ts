// scripts/with-backend.mjs as `npm start` runs it, with a short command in place of Next.js: what
// the embedded backend leaves on disk and where its Auth emulator listens (decision 012). Starts
// a real emulator, on LAUNCH_TEST_EMULATOR_HOST (default 127.0.0.1:9499).
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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

describe('a start after an unclean stop', () => {
  it('stops the emulator and app an earlier start left running, keeps its accounts, and says so in one line', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'venue-launch-'));
    const env = { ...process.env, BACKEND: 'embedded', FIREBASE_AUTH_EMULATOR_HOST: EMULATOR, DATA_DIR: dataDir };
    // The app stands in as a process that signs up once, says READY and stays.
    const app = `
      (async () => {
        const response = await fetch('http://' + process.env.FIREBASE_AUTH_EMULATOR_HOST + '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k', {
          method: 'POST', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: process.env.SIGN_UP, password: 'secret-1', returnSecureToken: true }),
        });
        console.log(response.ok ? 'READY' : 'FAILED ' + (await response.text()));
        setInterval(() => {}, 1000);
      })();`;
    const start = (email: string) => {
      const child = spawn(process.execPath, ['scripts/with-backend.mjs', 'tsx', '-e', app], { cwd: ROOT, env: { ...env, SIGN_UP: email }, detached: true });
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
    };
    const first = start('first@example.org');
    await first.ready;
    // Only the launcher dies (as when its terminal is killed): the emulator and the app live on,
    // holding the emulator's hub and logging ports.
    process.kill(first.child.pid!, 'SIGKILL');
    const second = start('second@example.org');
    try {
      await second.ready;
      expect(second.output()).toMatch(/^Recovered after an unclean stop: stopped the Auth emulator an earlier start left running \(pid \d+\); stopped the app an earlier start left running \(pid \d+\)(; removed the emulator lock an earlier start left)?\.$/m);
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
