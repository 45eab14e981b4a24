// The built app in Firebase mode for the browser tests, with everything Google would run replaced
// by what runs on this machine: the Auth emulator (firebase-tools) and the Firestore stand-in
// (@firestore-emulator/server, patched at install: decision 019) on a free port, in this process.
// There is no Storage: the app runs without it and says so (decision 019).
//   node scripts/firebase-e2e-server.mjs <port>
//   node scripts/firebase-e2e-server.mjs <port> --standalone --join <data dir of the first>
// Environment: FIREBASE_AUTH_EMULATOR_HOST (127.0.0.1:<port>; the emulator also takes the two
// ports after it), DATA_DIR (the app's disk cache; the stand-in's address is written to
// DATA_DIR/firestore-host for the tests), SITE_URL, PASS_SIGNING_KEY and TICKET_SIGNING_KEY (or
// fresh ones). Run `npm run build` first.
// `--join` starts a second server of the same deployment instead: no emulator and no stand-in of
// its own, but the Auth emulator of FIREBASE_AUTH_EMULATOR_HOST and the stand-in whose address
// the first server wrote into the given directory (with the same keys: pass them). `--standalone`
// runs the build's standalone server (.next/standalone/server.js, as the Dockerfile's image does)
// instead of `next start`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const [port, ...options] = process.argv.slice(2);
const standalone = options.includes('--standalone');
const joinIndex = options.indexOf('--join');
const joinDir = joinIndex >= 0 ? options[joinIndex + 1] : undefined;
if (!port || (joinIndex >= 0 && !joinDir)) {
  console.error('Usage: node scripts/firebase-e2e-server.mjs <port> [--standalone] [--join <data dir of the first server>]');
  process.exit(2);
}
const server = standalone ? '.next/standalone/server.js' : '.next/BUILD_ID';
if (!existsSync(server)) {
  console.error(`No build to start (${server}): run \`npm run build\` first.`);
  process.exit(1);
}

const projectId = 'demo-venue';
const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9399';
const dataDir = resolve(process.env.DATA_DIR ?? '.data/firebase-e2e');
mkdirSync(dataDir, { recursive: true });
const children = new Set();
let stopping = false;

function stopAll(code) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  standIn?.stop();
  setTimeout(() => process.exit(code), 3000).unref();
  if (children.size === 0) process.exit(code);
  const wait = setInterval(() => children.size === 0 && process.exit(code), 100);
  wait.unref();
}
process.on('SIGINT', () => stopAll(130));
process.on('SIGTERM', () => stopAll(143));

function run(command, args, env, stdio = 'inherit') {
  const child = spawn(command, args, { stdio, env });
  children.add(child);
  child.on('exit', (code) => {
    children.delete(child);
    if (!stopping) {
      console.error(`${command} exited (code ${code}); stopping.`);
      stopAll(code || 1);
    }
  });
  return child;
}

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => done(free));
    });
  });
}

let standIn;
let firestoreHost = joinDir ? readFileSync(join(joinDir, 'firestore-host'), 'utf8').trim() : undefined;
// The stand-in, from its CommonJS build (its ESM build does not load under Node).
const { FirestoreServer } = joinDir ? {} : createRequire(import.meta.url)('@firestore-emulator/server');
for (let attempt = 1; !firestoreHost; attempt++) {
  const free = await freePort();
  standIn = new FirestoreServer();
  try {
    await standIn.start(free);
    firestoreHost = `127.0.0.1:${free}`;
  } catch (error) {
    standIn.stop();
    if (attempt >= 5) throw error;
  }
}
writeFileSync(join(dataDir, 'firestore-host'), firestoreHost);
if (!joinDir) await startAuthEmulator();

// The Auth emulator, its hub and logging ports next to its own (as scripts/with-backend.mjs does).
async function startAuthEmulator() {
  const [hostname, authPort] = authHost.split(':');
  const config = join(dataDir, 'firebase.emulators.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        singleProjectMode: true,
        auth: { host: hostname, port: Number(authPort) },
        hub: { host: hostname, port: Number(authPort) + 1 },
        logging: { host: hostname, port: Number(authPort) + 2 },
        ui: { enabled: false },
      },
    }),
  );
  run(resolve('node_modules/.bin/firebase'), ['emulators:start', '--only', 'auth', '--project', projectId, '--config', config], process.env, ['ignore', 'ignore', 'inherit']);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://${authHost}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      console.error(`The Auth emulator did not answer on ${authHost} within 60 s.`);
      stopAll(1);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

console.log(
  `Firebase mode${joinDir ? ', a second server' : ''}${standalone ? ' (standalone)' : ''}: Firestore stand-in on ${firestoreHost}, Auth emulator on ${authHost}, no Storage.`,
);
const [command, args] = standalone ? [process.execPath, [resolve(server)]] : [resolve('node_modules/.bin/next'), ['start', '-p', port]];
run(command, args, {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  BACKEND: 'firebase',
  FIREBASE_PROJECT_ID: projectId,
  // Fake web config: the browser signs in at the Auth emulator (web-config.ts), never at Google.
  FIREBASE_API_KEY: 'demo-key',
  FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
  FIREBASE_AUTH_EMULATOR_HOST: authHost,
  // The tests' pass master key, or a fresh one (Firebase mode never generates one by itself).
  PASS_SIGNING_KEY: process.env.PASS_SIGNING_KEY ?? randomBytes(32).toString('base64url'),
  // The tests' ticket key, or a fresh one (a random 32-byte scalar is a P-256 key but for a chance of 2^-32).
  TICKET_SIGNING_KEY: process.env.TICKET_SIGNING_KEY ?? randomBytes(32).toString('base64url'),
  FIRESTORE_EMULATOR_HOST: firestoreHost,
  // Google's auth library would ping the cloud metadata server (169.254.169.254) for credentials.
  METADATA_SERVER_DETECTION: 'none',
  DATA_DIR: dataDir,
  // The standalone server's address (`next start` takes -p), as the Dockerfile's image binds it.
  // Not 127.0.0.1: Next 16.4 then takes its own rewrites (the default language's pages) for another
  // host's and answers them with a redirect to themselves (vercel/next.js#94745, seen here); with
  // 0.0.0.0 they stay internal. Like the stand-in's (decision 019), a test server's port.
  PORT: port,
  HOSTNAME: '0.0.0.0',
});
