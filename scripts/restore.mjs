// `npm run restore <file or folder>`: puts a backup made by `npm run backup` back as DATA_DIR, with
// the app stopped (decision 031). An encrypted backup is opened and checked whole beside DATA_DIR
// first, so a wrong passphrase or a damaged file changes nothing. The current DATA_DIR is moved
// aside (DATA_DIR.before-restore-<time>), so a restore of the wrong backup can be undone by hand;
// those folders hold every password and key too, so only the newest few are kept.
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import nextEnv from '@next/env';
import { BackupError, isEncryptedBackup, passphraseFrom, unpackArchive } from './backup-archive.mjs';

nextEnv.loadEnvConfig(process.cwd(), false);
const dataDir = resolve(process.env.DATA_DIR ?? '.data');
/** How many DATA_DIR.before-restore-<time> folders a restore leaves, the one it makes included. */
const KEPT_BEFORE_RESTORE = 3;

function fail(message) {
  console.error(message);
  process.exit(1);
}

let options;
try {
  options = parseArgs({ allowPositionals: true, options: { 'passphrase-file': { type: 'string' } } });
} catch (error) {
  fail(`${error.message}\nUsage: npm run restore -- <backup file or folder> [--passphrase-file <file>]`);
}
if (options.positionals.length !== 1) fail('Usage: npm run restore -- <backup file or folder> [--passphrase-file <file>]');
const source = resolve(options.positionals[0]);
if (!existsSync(source)) fail(`${source} does not exist.`);
const encrypted = statSync(source).isFile();
if (!encrypted && !existsSync(join(source, 'backup.json'))) fail(`${source} is not a finished backup (backup.json is missing).`);

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
// The backup is put together beside DATA_DIR (same disk, so it takes DATA_DIR's place by rename).
// One left by a restore that was killed holds secrets in clear and is of no use: it goes first.
const parent = dirname(dataDir);
mkdirSync(parent, { recursive: true });
const unfinished = readdirSync(parent).filter((name) => name.startsWith(`${basename(dataDir)}.restoring-`));
for (const name of unfinished) rmSync(join(parent, name), { recursive: true, force: true });
const incoming = mkdtempSync(join(parent, `${basename(dataDir)}.restoring-`));
try {
  if (encrypted) {
    const fd = openSync(source, 'r');
    try {
      const start = Buffer.alloc(64);
      if (!isEncryptedBackup(start.subarray(0, readSync(fd, start, 0, start.length, 0)))) throw new BackupError(`${source} is neither a backup folder nor an encrypted backup file.`);
      const passphrase = passphraseFrom(options.values['passphrase-file'], process.env);
      if (!passphrase) throw new BackupError('This backup is encrypted: set BACKUP_PASSPHRASE or name a file with --passphrase-file.');
      unpackArchive(fd, incoming, passphrase);
    } finally {
      closeSync(fd);
    }
    if (!existsSync(join(incoming, 'backup.json'))) throw new BackupError(`${source} holds no finished backup (backup.json is missing); nothing was restored.`);
  } else {
    cpSync(source, incoming, { recursive: true });
  }
} catch (error) {
  rmSync(incoming, { recursive: true, force: true });
  if (error instanceof BackupError) fail(error.message);
  throw error;
}
const manifest = JSON.parse(readFileSync(join(incoming, 'backup.json'), 'utf8'));

let movedAside = null;
if (existsSync(dataDir)) {
  movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(dataDir, movedAside);
}
renameSync(incoming, dataDir);

// The times in the names sort as text; the newest are kept.
const prefix = `${basename(dataDir)}.before-restore-`;
const older = readdirSync(parent)
  .filter((name) => name.startsWith(prefix))
  .sort()
  .reverse()
  .slice(KEPT_BEFORE_RESTORE);
for (const name of older) rmSync(join(parent, name), { recursive: true, force: true });

console.log(
  `Restored the backup of ${manifest.createdAt} (${manifest.documents} documents, ${manifest.accounts} accounts, ${manifest.files} files and keys) into ${dataDir}` +
    (movedAside ? `; the data it replaced is in ${movedAside} (it holds every password and key: delete it once the restore is checked).` : '.') +
    (older.length ? ` Removed ${older.length} older copies made by earlier restores (the newest ${KEPT_BEFORE_RESTORE} are kept): ${older.join(', ')}.` : '') +
    (unfinished.length ? ` Removed what an interrupted restore left: ${unfinished.join(', ')}.` : ''),
);
