// Keeps the Auth emulator's accounts as durable as the documents (decision 029). The emulator
// holds accounts in memory; this module stands in front of it on FIREBASE_AUTH_EMULATOR_HOST (the
// emulator itself listens on a private loopback port) and, before it passes on the answer to any
// request that changes an account, writes every account to DATA_DIR/auth atomically (temporary
// file, fsync, rename, fsync of the folder). So an account change the browser or the app has been
// told about is on disk: a crash at any later moment keeps it. Requests that only read (lookups,
// token refreshes, session cookies) pass straight through.
//
// The files keep firebase-tools' export layout (auth/auth_export/accounts.json and config.json),
// so `firebase emulators:start --import DATA_DIR/auth` still reads them; the snapshot before the
// newest is kept in auth/previous/ (outside auth_export, which the emulator would import whole),
// and a start that finds the newest unreadable falls back to it.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { refuseRequest } from './emulator-guard.mjs';

/** Emulator calls that change nothing a restart must keep (at most a last sign-in time). */
const READ_ONLY = [/accounts:lookup$/, /accounts:query$/, /accounts:batchGet$/, /:createSessionCookie$/, /\/v1\/token$/, /accounts:signInWithPassword$/, /accounts:createAuthUri$/, /accounts:sendOobCode$/, /\/oobCodes$/, /\/verificationCodes$/];

export function changesAccounts(method, url) {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  const path = url.split('?')[0];
  return !READ_ONLY.some((pattern) => pattern.test(path));
}

export const snapshotPaths = (authDir) => ({
  accounts: join(authDir, 'auth_export', 'accounts.json'),
  config: join(authDir, 'auth_export', 'config.json'),
  metadata: join(authDir, 'firebase-export-metadata.json'),
  previous: join(authDir, 'previous', 'accounts.json'),
  previousConfig: join(authDir, 'previous', 'config.json'),
});

function fsyncPath(path) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Replaces `path` with `text` so that a crash leaves either the old file or the new one, whole. */
export function writeFileAtomic(path, text) {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.tmp-${process.pid}`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
  fsyncPath(dirname(path));
}

/** The accounts of a snapshot file, or why it cannot be used. */
function readAccountsFile(path) {
  if (!existsSync(path)) return { error: 'missing' };
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || (parsed.users !== undefined && !Array.isArray(parsed.users))) return { error: 'not an account export' };
    return { users: parsed.users ?? [] };
  } catch {
    return { error: 'truncated or damaged' };
  }
}

function readConfig(path) {
  try {
    return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
  } catch {
    return null;
  }
}

/**
 * The newest usable snapshot in authDir: `{ users, config, recovered }`, where `recovered` is one
 * line for the start-up log when something had to be repaired (null otherwise). A damaged newest
 * file is moved to auth/damaged/, never deleted.
 */
export function loadSnapshot(authDir, now = new Date()) {
  const paths = snapshotPaths(authDir);
  // Temporary files of a write that a crash interrupted: the renamed file before them is whole.
  for (const folder of [dirname(paths.accounts), dirname(paths.previous)]) {
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder)) if (name.includes('.tmp-')) rmSync(join(folder, name), { force: true });
  }
  const newest = readAccountsFile(paths.accounts);
  if (newest.users) return { users: newest.users, config: readConfig(paths.config), recovered: null };
  const previous = readAccountsFile(paths.previous);
  if (newest.error !== 'missing') {
    // Kept for a person to look at, outside auth_export (firebase-tools imports every file there).
    mkdirSync(join(authDir, 'damaged'), { recursive: true, mode: 0o700 });
    renameSync(paths.accounts, join(authDir, 'damaged', `accounts-${now.toISOString().replace(/[:.]/g, '-')}.json`));
  }
  if (previous.users) {
    return {
      users: previous.users,
      config: readConfig(paths.previousConfig) ?? readConfig(paths.config),
      recovered: `Accounts: the newest snapshot was ${newest.error}; recovered the previous one (${previous.users.length} accounts) from ${paths.previous}.`,
    };
  }
  if (newest.error === 'missing' && previous.error === 'missing') return { users: [], config: readConfig(paths.config), recovered: null };
  return { users: [], config: readConfig(paths.config), recovered: `Accounts: no readable snapshot (newest ${newest.error}, previous ${previous.error}); starting with no accounts; the damaged file is kept in ${join(authDir, 'damaged')}.` };
}

/** Writes one snapshot: the newest becomes the previous (a hard link, no copy), then the new one replaces it. */
export function saveSnapshot(authDir, accountsText, configText) {
  const paths = snapshotPaths(authDir);
  mkdirSync(dirname(paths.previous), { recursive: true, mode: 0o700 });
  for (const [from, to] of [
    [paths.accounts, paths.previous],
    [paths.config, paths.previousConfig],
  ]) {
    if (!existsSync(from)) continue;
    rmSync(to, { force: true });
    linkSync(from, to);
  }
  if (!existsSync(paths.metadata)) writeFileAtomic(paths.metadata, JSON.stringify({ version: 'venue-account-journal', auth: { version: 'venue-account-journal', path: 'auth_export' } }));
  if (configText !== null) writeFileAtomic(paths.config, configText);
  writeFileAtomic(paths.accounts, accountsText);
}

async function emulatorJson(upstream, method, path, body) {
  const response = await fetch(`http://${upstream}${path}`, {
    method,
    headers: { authorization: 'Bearer owner', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`The Auth emulator answered ${response.status} to ${method} ${path}: ${text.slice(0, 200)}`);
  return text;
}

/** Hands a loaded snapshot to a freshly started (empty) emulator. */
export async function restoreIntoEmulator(upstream, projectId, snapshot) {
  if (snapshot.config) await emulatorJson(upstream, 'PATCH', `/emulator/v1/projects/${projectId}/config`, snapshot.config);
  // The emulator's own import sends the whole file at once; batches keep each request small.
  for (let start = 0; start < snapshot.users.length; start += 500) {
    await emulatorJson(upstream, 'POST', `/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchCreate`, { users: snapshot.users.slice(start, start + 500) });
  }
}

/**
 * The journal: `snapshot()` reads every account and writes them when they differ from the last
 * write (a SHA-256 of the emulator's answer), concurrent callers share one snapshot taken after
 * they asked (group commit), and `proxy(listen)` serves the emulator's API in front of it, to
 * what `policy` allows (./emulator-guard.mjs; without one, to programs on this machine only).
 */
export function accountJournal({ upstream, projectId, authDir, onError = (error) => console.error(error.message) }) {
  let lastDigest = null;
  let waiting = [];
  let running = false;
  const stats = { snapshots: 0, written: 0, millis: 0 };

  async function takeSnapshot() {
    const started = performance.now();
    const accountsText = await emulatorJson(upstream, 'GET', `/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`);
    const configText = await emulatorJson(upstream, 'GET', `/emulator/v1/projects/${projectId}/config`);
    const digest = createHash('sha256').update(accountsText).update('\0').update(configText).digest('hex');
    if (digest !== lastDigest) {
      saveSnapshot(authDir, accountsText, configText);
      lastDigest = digest;
      stats.written++;
    }
    stats.snapshots++;
    stats.millis += performance.now() - started;
  }

  async function drain() {
    running = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await takeSnapshot();
        for (const { resolve } of batch) resolve();
      } catch (error) {
        for (const { reject } of batch) reject(error);
      }
    }
    running = false;
  }

  /** Resolves once a snapshot that began after this call is on disk. */
  function snapshot() {
    return new Promise((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (!running) void drain();
    });
  }

  function proxy(listenHost, listenPort, policy = { api: true, origins: [], allowNetwork: false }) {
    const server = http.createServer((request, response) => {
      if (refuseRequest(request, response, policy)) return;
      const [host, port] = upstream.split(':');
      const forwarded = http.request({ host, port: Number(port), method: request.method, path: request.url, headers: request.headers }, (answer) => {
        if (!changesAccounts(request.method ?? 'GET', request.url ?? '/') || (answer.statusCode ?? 500) >= 400) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', () => {
          snapshot().then(
            () => {
              response.writeHead(answer.statusCode ?? 200, answer.headers);
              response.end(Buffer.concat(chunks));
            },
            (error) => {
              // The change happened in memory but is not on disk: say so rather than acknowledge it.
              onError(new Error(`Accounts: a change could not be saved (${error.message}).`));
              response.writeHead(503, { 'content-type': 'application/json', 'access-control-allow-origin': request.headers.origin ?? '*' });
              response.end(JSON.stringify({ error: { code: 503, message: 'ACCOUNT_CHANGE_NOT_SAVED' } }));
            },
          );
        });
      });
      forwarded.on('error', (error) => {
        response.writeHead(502, { 'content-type': 'text/plain' });
        response.end(`The Auth emulator is not reachable: ${error.message}`);
      });
      request.pipe(forwarded);
    });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(listenPort, listenHost, () => resolve(server));
    });
  }

  return { snapshot, proxy, stats };
}
