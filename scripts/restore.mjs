// `npm run restore <folder>`: puts a backup made by `npm run backup` back as DATA_DIR, with the
// app stopped (decision 031). The current DATA_DIR is moved aside (DATA_DIR.before-restore-<time>),
// never deleted, so a restore of the wrong folder can be undone by hand.
import { cpSync, existsSync, readFileSync, renameSync } from 'node:fs';
import { resolve } from 'node:path';
import nextEnv from '@next/env';

nextEnv.loadEnvConfig(process.cwd(), false);
const dataDir = resolve(process.env.DATA_DIR ?? '.data');
const source = process.argv[2] ? resolve(process.argv[2]) : null;

function fail(message) {
  console.error(message);
  process.exit(1);
}

if (!source) fail('Usage: npm run restore <backup folder>');
if (!existsSync(resolve(source, 'backup.json'))) fail(`${source} is not a finished backup (backup.json is missing).`);
const manifest = JSON.parse(readFileSync(resolve(source, 'backup.json'), 'utf8'));

// The launcher records its process id; a live one means the app is running on this DATA_DIR.
const launcher = resolve(dataDir, 'run', 'launcher.json');
if (existsSync(launcher)) {
  try {
    const { launcherPid } = JSON.parse(readFileSync(launcher, 'utf8'));
    process.kill(launcherPid, 0);
    if (readFileSync(`/proc/${launcherPid}/cmdline`, 'utf8').includes('with-backend.mjs')) fail(`The app is running on ${dataDir} (pid ${launcherPid}); stop it first.`);
  } catch {
    // not running (or the file was cut short by a crash)
  }
}

process.umask(0o077);
let movedAside = null;
if (existsSync(dataDir)) {
  movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(dataDir, movedAside);
}
cpSync(source, dataDir, { recursive: true });
console.log(
  `Restored the backup of ${manifest.createdAt} (${manifest.documents} documents, ${manifest.accounts} accounts, ${manifest.files} files and keys) into ${dataDir}` +
    (movedAside ? `; the data it replaced is in ${movedAside}.` : '.'),
);
