// What the crash tests need: the real built app started as `npm start` starts it (its own port,
// Auth emulator host and DATA_DIR), killed as a power cut would end it (SIGKILL of the whole
// process group), and read back.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { expect, type APIRequestContext } from '@playwright/test';

export const PROJECT_ID = 'demo-venue';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface AppServer {
  port: number;
  emulator: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
}

/** Every server started here, so a failing test still stops them (see stopAllApps). */
const started = new Set<ChildProcess>();

/** Stops whatever a test left running (SIGKILL of each group). */
export function stopAllApps() {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  started.clear();
}

/** Starts the built app through scripts/with-backend.mjs (with `env` added to its environment) and waits until it answers. */
export async function startApp(port: number, emulator: string, dataDir: string, env: Record<string, string> = {}): Promise<AppServer> {
  if (await fetch(`http://localhost:${port}/`).then(() => true, () => false)) throw new Error(`Port ${port} is taken: stop what runs there first.`);
  // E2E_CRASH_LAUNCHER runs another launcher (an earlier version, for before-and-after figures).
  const child = spawn(process.execPath, [process.env.E2E_CRASH_LAUNCHER ?? 'scripts/with-backend.mjs', 'next', 'start', '-p', String(port)], {
    cwd: ROOT,
    // Its own process group, so the kill reaches the emulator and Next's workers too.
    detached: true,
    env: { ...process.env, BACKEND: 'embedded', DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: emulator, SITE_URL: `http://localhost:${port}`, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app stopped while starting:\n${output}`);
    try {
      if ((await fetch(`http://localhost:${port}/api/trpc/health.check`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { port, emulator, dataDir, process: child, output: () => output };
}

/** As a power cut ends it: no handler runs, nothing is flushed. */
export async function killApp(server: AppServer) {
  const exited = new Promise((done) => server.process.once('exit', done));
  process.kill(-server.process.pid!, 'SIGKILL');
  await exited;
  // The group's other members (the emulator, Next's workers) end with it; give the ports a moment.
  await new Promise((r) => setTimeout(r, 500));
}

/** A clean stop (SIGTERM), as Ctrl-C or a service manager would. */
export async function stopApp(server: AppServer) {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((done) => server.process.once('exit', done));
  process.kill(-server.process.pid!, 'SIGTERM');
  await exited;
}

/** The Auth emulator's REST API as the browser's SDK and firebase-admin call it. */
export function emulatorApi(emulator: string) {
  const call = async <T>(path: string, body: unknown, admin = false): Promise<T> => {
    const response = await fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/${path}${admin ? '' : '?key=demo-key'}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(admin ? { authorization: 'Bearer owner' } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`Auth emulator ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    signUp: (email: string, password: string) => call<{ idToken: string; localId: string }>('accounts:signUp', { email, password, returnSecureToken: true }),
    signIn: (email: string, password: string) => call<{ idToken: string; localId: string }>('accounts:signInWithPassword', { email, password, returnSecureToken: true }),
    changePassword: (idToken: string, password: string) => call<{ idToken: string }>('accounts:update', { idToken, password, returnSecureToken: true }),
    /** As if the person had followed the link that confirms their address (a membership asks for it). */
    confirmAddress: (uid: string) => call(`projects/${PROJECT_ID}/accounts:update`, { localId: uid, emailVerified: true }, true),
    lookup: (uid: string) => call<{ users?: { localId: string; customAttributes?: string; disabled?: boolean }[] }>(`projects/${PROJECT_ID}/accounts:lookup`, { localId: [uid] }, true),
  };
}

/** A server session in an API context, as /login makes one. */
export async function sessionFor(request: APIRequestContext, server: AppServer, email: string, password: string) {
  const { idToken } = await emulatorApi(server.emulator).signIn(email, password);
  const response = await request.post(`http://localhost:${server.port}/api/session`, { data: { idToken }, headers: { origin: `http://localhost:${server.port}` } });
  expect(response.status()).toBe(200);
}

/** A tRPC mutation; throws unless it was acknowledged. */
export async function mutate<T>(request: APIRequestContext, server: AppServer, path: string, input: unknown): Promise<T> {
  const base = `http://localhost:${server.port}`;
  const response = await request.post(`${base}/api/trpc/${path}`, { data: { json: input }, headers: { origin: base, 'content-type': 'application/json' } });
  if (response.status() !== 200) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

/** The documents of a collection as stored (read-only, beside the running app: WAL allows it). */
export function storedDocuments(dataDir: string, collection: string): { id: string; data: Record<string, unknown> }[] {
  const db = new Database(resolve(dataDir, 'documents.sqlite'), { readonly: true, fileMustExist: true });
  try {
    // One table per collection (decision 055); a collection nothing was written to has none yet.
    const table = `docs:${collection}`;
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)) return [];
    return db
      .prepare<[], { id: string; data: string }>(`SELECT id, data FROM "${table}"`)
      .all()
      .map((row) => ({ id: row.id, data: JSON.parse(row.data) as Record<string, unknown> }));
  } finally {
    db.close();
  }
}
