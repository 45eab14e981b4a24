// Runs a Next.js command with the backend it needs. In embedded mode (the default) it first
// starts the Firebase Auth emulator (offline, from firebase-tools) with the data kept in
// DATA_DIR/auth, points the app at it, and stops it when the app stops. In Firebase mode it runs
// the command as it is.
//
// The embedded backend is for this machine only (decision 012): the app and the emulator listen
// on loopback, DATA_DIR is the user's alone (0700, files 0600), unless EMBEDDED_ALLOW_NETWORK=1
// opens both to the network for a demo.
//   node scripts/with-backend.mjs next dev
//   node scripts/with-backend.mjs next start -p 3100
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import nextEnv from '@next/env';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node scripts/with-backend.mjs <command> [args...]');
  process.exit(2);
}

const dev = args[0] === 'dev';
nextEnv.loadEnvConfig(process.cwd(), dev);
const backend = process.env.BACKEND ?? 'embedded';
const allowNetwork = process.env.EMBEDDED_ALLOW_NETWORK === '1';
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const children = new Set();

function run(cmd, cmdArgs, options) {
  const child = spawn(cmd, cmdArgs, { stdio: 'inherit', env, ...options });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

function stopAll(code) {
  for (const child of children) child.kill('SIGTERM');
  // The emulator exports its data on exit; give it a moment before forcing.
  setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(code);
  }, 8000).unref();
  if (children.size === 0) process.exit(code);
  const wait = setInterval(() => {
    if (children.size === 0) {
      clearInterval(wait);
      process.exit(code);
    }
  }, 100);
}

process.on('SIGINT', () => stopAll(130));
process.on('SIGTERM', () => stopAll(143));

// Generous: on a busy machine (a build running beside it) the emulator takes over a minute.
const EMULATOR_START_SECONDS = 180;

async function waitForAuthEmulator(host, emulator) {
  const deadline = Date.now() + EMULATOR_START_SECONDS * 1000;
  while (Date.now() < deadline) {
    if (emulator.exitCode !== null) throw new Error('The Auth emulator stopped while starting (see its output above).');
    try {
      const response = await fetch(`http://${host}/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The Auth emulator did not answer on ${host} within ${EMULATOR_START_SECONDS} s.`);
}

function isLoopback(hostname) {
  return /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i.test(hostname);
}

function refuseToStart(message) {
  console.error(`${message}\nThe embedded backend trusts unsigned sign-in tokens and has public demo passwords, so it stays on this machine. For a demo on a trusted network set EMBEDDED_ALLOW_NETWORK=1 (see .env.example).`);
  process.exit(2);
}

/**
 * DATA_DIR and everything in it readable by this user only: new files through the umask (which
 * the emulator and the app inherit), files from before by tightening them once. Export folders
 * the emulator left behind when it was stopped mid-export hold every password: they go.
 */
function secureDataDir(dir) {
  process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tighten = (path) => {
    chmodSync(path, 0o700);
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory() && path === dir && entry.name.startsWith('firebase-export-')) rmSync(child, { recursive: true, force: true });
      else if (entry.isDirectory()) tighten(child);
      else if (entry.isFile()) chmodSync(child, 0o600);
    }
  };
  tighten(dir);
}

/** `next dev|start` listen on loopback unless a host is given (which must then be loopback too). */
function appArgs() {
  if (command !== 'next' || !['dev', 'start'].includes(args[0]) || allowNetwork) return args;
  const flag = args.findIndex((arg) => arg === '-H' || arg === '--hostname' || arg.startsWith('--hostname='));
  // `localhost`, not 127.0.0.1: Next.js builds the proxy's URLs on `localhost` unless its hostname
  // is exactly that, and with any other value takes the proxy's rewrites for external ones
  // (every locale rewrite became a redirect loop).
  if (flag === -1) return [...args, '--hostname', 'localhost'];
  const given = args[flag].startsWith('--hostname=') ? args[flag].slice('--hostname='.length) : args[flag + 1];
  if (!isLoopback(given ?? '')) refuseToStart(`Refusing to listen on ${given}.`);
  return args;
}

const commandArgs = backend === 'embedded' ? appArgs() : args;

if (backend === 'embedded') {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-venue';
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  const authData = resolve(dataDir, 'auth');
  secureDataDir(dataDir);
  mkdirSync(authData, { recursive: true });
  // The emulator's ports follow FIREBASE_AUTH_EMULATOR_HOST (the hub and logging ports next to
  // it), so a test server and a development server can run side by side.
  const [hostname, port] = host.split(':');
  if (!allowNetwork && !isLoopback(hostname)) refuseToStart(`Refusing to run the Auth emulator on ${host}.`);
  const config = resolve(dataDir, 'firebase.emulators.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        singleProjectMode: true,
        auth: { host: hostname, port: Number(port) },
        hub: { host: hostname, port: Number(port) + 1 },
        logging: { host: hostname, port: Number(port) + 2 },
        ui: { enabled: false },
      },
    }),
  );
  const emulatorArgs = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', config, '--export-on-exit', authData];
  if (existsSync(resolve(authData, 'firebase-export-metadata.json'))) emulatorArgs.push('--import', authData);
  Object.assign(env, { FIREBASE_AUTH_EMULATOR_HOST: host, FIREBASE_PROJECT_ID: projectId });
  // Run inside DATA_DIR: the emulator exports through a temporary firebase-export-* folder in its
  // working directory, which would otherwise be left in the repository when it is stopped early.
  const emulator = run(resolve('node_modules/.bin/firebase'), emulatorArgs, { stdio: ['ignore', 'ignore', 'inherit'], cwd: dataDir });
  emulator.on('exit', (code) => {
    if (children.size > 0) {
      console.error(`The Auth emulator exited (code ${code}); stopping the app.`);
      stopAll(1);
    }
  });
  try {
    await waitForAuthEmulator(host, emulator);
  } catch (error) {
    console.error(error.message);
    stopAll(1);
    // Never start the app without its emulator; stopAll ends the process.
    await new Promise(() => {});
  }
  console.log(`Embedded backend: Auth emulator on ${host} (project ${projectId}), data in ${resolve(process.env.DATA_DIR ?? '.data')}`);
}

const app = run(resolve('node_modules/.bin', command), commandArgs);
app.on('exit', (code) => stopAll(code ?? 0));
