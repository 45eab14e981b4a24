// Runs a Next.js command with the backend it needs. In embedded mode (the default) it first
// starts the Firebase Auth emulator (offline, from firebase-tools) on a private loopback port,
// hands it the accounts kept in DATA_DIR/auth, serves its API on FIREBASE_AUTH_EMULATOR_HOST
// through the account journal (every account change is on disk before it is acknowledged,
// decision 029), points the app at it, and stops it when the app stops. In Firebase mode it runs
// the command as it is.
//
// The embedded backend is for this machine only (decision 012): the app and the emulator listen
// on loopback, DATA_DIR is the user's alone (0700, files 0600), unless EMBEDDED_ALLOW_NETWORK=1
// opens both to the network for a demo; and the emulator answers no web page but the app's
// (scripts/emulator-guard.mjs, on every port it serves). Beside the emulator it runs MailDev, on
// loopback only and behind the same guard: every mail the app sends lands in its inbox (decision
// 047), unless SMTP_URL names another server.
//   node scripts/with-backend.mjs next dev
//   node scripts/with-backend.mjs next start -p 3100
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join, resolve } from 'node:path';
import nextEnv from '@next/env';
import { accountJournal, loadSnapshot, restoreIntoEmulator, snapshotPaths } from './account-journal.mjs';
import { removeAbandonedCopies } from './backup-staging.mjs';
import { appOrigins, GUARD_ENV, isLoopbackName } from './emulator-guard.mjs';

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
let emulatorProcess = null;
let mailDevProcess = null;

function run(cmd, cmdArgs, options) {
  const child = spawn(cmd, cmdArgs, { stdio: 'inherit', env, ...options });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

let beforeEmulatorStops = async () => {};
let stopping = false;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  // The app first, then one last snapshot (it only ever adds last sign-in times: every change was
  // saved when it was made), then the emulator.
  for (const child of children) if (child !== emulatorProcess) child.kill('SIGTERM');
  try {
    await Promise.race([beforeEmulatorStops(), new Promise((r) => setTimeout(r, 3000))]);
  } catch {
    // nothing more to save than what is already on disk
  }
  for (const child of children) child.kill('SIGTERM');
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

const servesNext = command === 'next' && ['dev', 'start'].includes(args[0]);

function flagValue(short, long) {
  const at = args.findIndex((arg) => arg === short || arg === long || arg.startsWith(`${long}=`));
  if (at === -1) return undefined;
  return args[at].startsWith(`${long}=`) ? args[at].slice(long.length + 1) : (args[at + 1] ?? '');
}

/** The port the app listens on, as Next.js picks it. */
const appPort = Number((servesNext && flagValue('-p', '--port')) || process.env.PORT || 3000);

/**
 * `next dev|start` on loopback unless a host is given (which must then be loopback too), and on
 * the port the emulator lets in: on the default port `next dev` moves to another when it is taken,
 * and the browser's sign-in from there would be refused.
 */
function appArgs() {
  if (!servesNext) return args;
  const port = flagValue('-p', '--port') === undefined && !process.env.PORT ? ['--port', String(appPort)] : [];
  if (allowNetwork) return [...args, ...port];
  const given = flagValue('-H', '--hostname');
  // `localhost`, not 127.0.0.1: Next.js builds the proxy's URLs on `localhost` unless its hostname
  // is exactly that, and with any other value takes the proxy's rewrites for external ones
  // (every locale rewrite became a redirect loop).
  if (given === undefined) return [...args, ...port, '--hostname', 'localhost'];
  if (!isLoopbackName(given)) refuseToStart(`Refusing to listen on ${given}.`);
  return [...args, ...port];
}

const commandArgs = backend === 'embedded' ? appArgs() : args;

/** A free loopback port chosen by the system, for the emulator behind the journal. */
function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

function portFree(hostname, port) {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, hostname, () => server.close(() => done(true)));
  });
}

/**
 * MailDev's ports: SMTP 1025 and its inbox 1080 beside the default emulator (127.0.0.1:9099);
 * beside any other, the two after the emulator's own three, so a test server and a development
 * server run side by side. MAILDEV_SMTP_PORT and MAILDEV_WEB_PORT choose others.
 */
function mailDevPorts(emulatorPort) {
  const fallback = emulatorPort === 9099 ? [1025, 1080] : [emulatorPort + 3, emulatorPort + 4];
  return { smtpPort: Number(process.env.MAILDEV_SMTP_PORT ?? fallback[0]), webPort: Number(process.env.MAILDEV_WEB_PORT ?? fallback[1]) };
}

/**
 * Starts MailDev on loopback (its inbox holds sign-in links: never on the network, not even in a
 * network demo), keeping mail in DATA_DIR/maildev across restarts. MailDev answers any web origin
 * with a CORS grant, so the emulator's guard stands in front of its web port too: its own page and
 * the app's origins only, loopback Host only (decision 044).
 */
async function startMailDev({ dataDir, emulatorPort, appOrigins: origins }) {
  const { smtpPort, webPort } = mailDevPorts(emulatorPort);
  for (const taken of [smtpPort, webPort]) {
    if (!(await portFree('127.0.0.1', taken))) {
      console.error(`Port ${taken} on 127.0.0.1 is in use (MailDev needs ${smtpPort} for SMTP and ${webPort} for its inbox): stop what holds it, or set MAILDEV_SMTP_PORT and MAILDEV_WEB_PORT.`);
      stopAll(1);
      await new Promise(() => {});
    }
  }
  const mailDir = resolve(dataDir, 'maildev');
  mkdirSync(mailDir, { recursive: true });
  const own = ['localhost', '127.0.0.1', '[::1]'].map((name) => `http://${name}:${webPort}`);
  const guard = { origins: [...own, ...origins], allowNetwork: false, apiPorts: [webPort] };
  const mailDevArgs = ['--ip', '127.0.0.1', '--smtp', String(smtpPort), '--web-ip', '127.0.0.1', '--web', String(webPort), '--mail-directory', mailDir, '--silent'];
  mailDevProcess = run(resolve('node_modules/.bin/maildev'), mailDevArgs, {
    stdio: ['ignore', 'ignore', 'inherit'],
    cwd: dataDir,
    env: { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import ${new URL('./emulator-guard-preload.mjs', import.meta.url).href}`.trim(), [GUARD_ENV]: JSON.stringify(guard) },
  });
  const mailDev = mailDevProcess;
  mailDev.on('exit', (code) => {
    if (children.size > 0 && !stopping) {
      console.error(`MailDev exited (code ${code}); stopping the app.`);
      stopAll(1);
    }
  });
  for (let waited = 0; waited < 30_000; waited += 200) {
    if (mailDev.exitCode !== null) break;
    // Asked by connecting, never by binding: a probe holding the port would keep MailDev from it.
    if ((await portAnswers(smtpPort)) && (await portAnswers(webPort))) return { smtpPort, webPort };
    await new Promise((r) => setTimeout(r, 200));
  }
  console.error('MailDev did not start (see its output above).');
  stopAll(1);
  return new Promise(() => {});
}

function portAnswers(port) {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

const processAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * What a crash of an earlier start can leave in DATA_DIR/run/: its process ids (an emulator left
 * running when only this launcher was killed still holds its ports) and the emulator's hub lock.
 * A process is stopped only when it is still the one recorded (its command line matches).
 */
function recoverEarlierStart(runDir, marks) {
  const recovered = [];
  const launcherFile = join(runDir, 'launcher.json');
  if (existsSync(launcherFile)) {
    let earlier = {};
    try {
      earlier = JSON.parse(readFileSync(launcherFile, 'utf8'));
    } catch {
      // a launcher file cut short: nothing to stop from it
    }
    for (const [name, pid, mark] of [
      ['Auth emulator', earlier.emulatorPid, marks.emulator],
      ['MailDev inbox', earlier.mailDevPid, marks.mailDev],
      ['app', earlier.appPid, marks.app],
    ]) {
      if (!Number.isInteger(pid) || !processAlive(pid)) continue;
      let commandLine = '';
      try {
        commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      } catch {
        continue;
      }
      if (!mark.some((expected) => commandLine.includes(expected))) continue;
      process.kill(pid, 'SIGKILL');
      recovered.push(`stopped the ${name} an earlier start left running (pid ${pid})`);
    }
  }
  for (const name of existsSync(runDir) ? readdirSync(runDir) : []) {
    if (!name.startsWith('hub-')) continue;
    rmSync(join(runDir, name), { force: true });
    recovered.push('removed the emulator lock an earlier start left');
  }
  return recovered;
}

if (backend === 'embedded') {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-venue';
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  const authData = resolve(dataDir, 'auth');
  // The emulator's hub lock and this launcher's process ids: per DATA_DIR, not in the shared /tmp.
  const runDir = resolve(dataDir, 'run');
  secureDataDir(dataDir);
  mkdirSync(authData, { recursive: true });
  mkdirSync(runDir, { recursive: true });
  // The emulator's ports follow FIREBASE_AUTH_EMULATOR_HOST (the hub and logging ports next to
  // it), so a test server and a development server can run side by side.
  const [hostname, port] = host.split(':');
  if (!allowNetwork && !isLoopbackName(hostname)) refuseToStart(`Refusing to run the Auth emulator on ${host}.`);
  const config = resolve(dataDir, 'firebase.emulators.json');
  // Next's server renames its process (`next-server (v16…)`), so its command line no longer names the binary.
  const recovered = recoverEarlierStart(runDir, { emulator: [config], mailDev: ['maildev'], app: [resolve('node_modules/.bin', command), ...(command === 'next' ? ['next-server'] : [])] });
  // A backup killed outright left every secret in clear beside DATA_DIR; one still running keeps its copy.
  const abandonedCopies = removeAbandonedCopies(dataDir);
  if (abandonedCopies.length > 0) recovered.push(`removed the plain copies that interrupted backups left beside DATA_DIR (${abandonedCopies.join(', ')})`);
  const snapshot = loadSnapshot(authData);
  if (snapshot.recovered) recovered.push(snapshot.recovered.replace(/^Accounts: /, ''));
  for (const taken of [Number(port), Number(port) + 1, Number(port) + 2]) {
    // A process stopped just now may take a moment to let go of its port.
    let free = await portFree(hostname, taken);
    for (let tries = 0; !free && recovered.length > 0 && tries < 20; tries++) {
      await new Promise((r) => setTimeout(r, 250));
      free = await portFree(hostname, taken);
    }
    if (!free) {
      console.error(`Port ${taken} on ${hostname} is in use (the Auth emulator needs ${port}, ${Number(port) + 1} and ${Number(port) + 2}): stop what holds it, or set FIREBASE_AUTH_EMULATOR_HOST to other ports.`);
      process.exit(1);
    }
  }
  const privatePort = await freePort();
  const privateHost = `127.0.0.1:${privatePort}`;
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        singleProjectMode: true,
        auth: { host: '127.0.0.1', port: privatePort },
        // Only programs on this machine use the hub (exports) and logging, even in a network demo.
        hub: { host: '127.0.0.1', port: Number(port) + 1 },
        logging: { host: '127.0.0.1', port: Number(port) + 2 },
        ui: { enabled: false },
      },
    }),
  );
  // Which browsers the emulator answers (decision 012): the app's origins only, on every port it
  // serves: the journal's here, the emulator's own through a guard loaded into its process.
  const guard = {
    origins: appOrigins({ appPort, siteUrl: process.env.SITE_URL, emulatorHost: host, emulatorUrl: process.env.AUTH_EMULATOR_URL }),
    allowNetwork,
    apiPorts: [privatePort],
  };
  // No --import/--export-on-exit: the journal hands the accounts over and keeps them on disk.
  const emulatorArgs = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', config];
  // The app's session checks only read accounts: they may ask the emulator without the journal's
  // hop, and reuse an answer until the journal's snapshot is replaced (every change replaces it).
  Object.assign(env, { FIREBASE_AUTH_EMULATOR_HOST: host, FIREBASE_PROJECT_ID: projectId, AUTH_EMULATOR_LOOKUP_HOST: privateHost, AUTH_JOURNAL_FILE: snapshotPaths(authData).accounts });
  // Run inside DATA_DIR: an export through the hub goes through a temporary firebase-export-*
  // folder in its working directory, which would otherwise be left in the repository.
  const emulatorEnv = {
    ...env,
    TMPDIR: runDir,
    NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import ${new URL('./emulator-guard-preload.mjs', import.meta.url).href}`.trim(),
    [GUARD_ENV]: JSON.stringify(guard),
  };
  emulatorProcess = run(resolve('node_modules/.bin/firebase'), emulatorArgs, { stdio: ['ignore', 'ignore', 'inherit'], cwd: dataDir, env: emulatorEnv });
  const emulator = emulatorProcess;
  emulator.on('exit', (code) => {
    if (children.size > 0 && !stopping) {
      console.error(`The Auth emulator exited (code ${code}); stopping the app.`);
      stopAll(1);
    }
  });
  let journal;
  try {
    await waitForAuthEmulator(privateHost, emulator);
    await restoreIntoEmulator(privateHost, projectId, snapshot);
    journal = accountJournal({ upstream: privateHost, projectId, authDir: authData });
    // The accounts as handed over, so the files match the emulator from here on.
    await journal.snapshot();
    await journal.proxy(hostname, Number(port), { api: true, origins: guard.origins, allowNetwork });
  } catch (error) {
    console.error(error.message);
    stopAll(1);
    // Never start the app without its emulator; stopAll ends the process.
    await new Promise(() => {});
  }
  beforeEmulatorStops = () => journal.snapshot();
  // A backstop for what the journal lets through unsaved (last sign-in times), compared by digest.
  setInterval(() => {
    if (!stopping) journal.snapshot().catch((error) => console.error(`Accounts: ${error.message}`));
  }, 10_000).unref();
  if (!process.env.SMTP_URL) {
    const mail = await startMailDev({ dataDir, emulatorPort: Number(port), appOrigins: guard.origins });
    env.SMTP_URL = `smtp://127.0.0.1:${mail.smtpPort}`;
    console.log(`Mail: every mail lands in MailDev, http://127.0.0.1:${mail.webPort} (SMTP 127.0.0.1:${mail.smtpPort}).`);
  }
  if (recovered.length > 0) console.log(`Recovered after an unclean stop: ${recovered.join('; ')}.`);
  console.log(`Embedded backend: Auth emulator on ${host} (project ${projectId}, ${snapshot.users.length} accounts), data in ${dataDir}`);
}

const app = run(resolve('node_modules/.bin', command), commandArgs);
app.on('exit', (code) => stopAll(code ?? 0));
if (backend === 'embedded') {
  writeFileSync(
    resolve(process.env.DATA_DIR ?? '.data', 'run', 'launcher.json'),
    JSON.stringify({ launcherPid: process.pid, emulatorPid: emulatorProcess.pid, mailDevPid: mailDevProcess?.pid ?? null, appPid: app.pid }),
  );
}
