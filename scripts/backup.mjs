// `npm run backup [file]`: a consistent copy of the embedded backend's DATA_DIR, taken while the
// app runs, sealed with a passphrase into one file (decision 031). Documents through SQLite's online
// backup (a snapshot of one moment, whatever the app writes meanwhile), then the account snapshot
// the journal keeps (always whole: it is replaced by rename), then the stored files and keys.
// Documents first: every account a copied user document names was made before it, so it is in the
// later copy of the accounts. backup.json is written last; a copy without it is not a finished
// backup. `--plain` writes the copy as an unencrypted folder instead, as backups were before.
import { closeSync, copyFileSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import nextEnv from '@next/env';
import { BackupError, MIN_PASSPHRASE, packFolder, passphraseFrom } from './backup-archive.mjs';
import { removeAbandonedCopies, stageCopy } from './backup-staging.mjs';

nextEnv.loadEnvConfig(process.cwd(), false);
const dataDir = resolve(process.env.DATA_DIR ?? '.data');

function fail(message) {
  console.error(message);
  process.exit(1);
}

let options;
try {
  options = parseArgs({ allowPositionals: true, options: { plain: { type: 'boolean' }, 'passphrase-file': { type: 'string' } } });
} catch (error) {
  fail(`${error.message}\nUsage: npm run backup -- [file] [--passphrase-file <file>] | [folder] --plain`);
}
// A backup killed outright (kill -9, a power cut) left its copy in clear: it goes first, whatever
// this run does next.
const abandoned = removeAbandonedCopies(dataDir);
if (abandoned.length > 0) console.log(`Removed the plain copies that interrupted backups left beside DATA_DIR: ${abandoned.join(', ')}.`);
const plain = options.values.plain === true;
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = resolve(options.positionals[0] ?? join('backups', plain ? `venue-${stamp}` : `venue-${stamp}.backup`));

/** What is not copied: the live database files (copied by SQLite), run state, caches, unfinished uploads. */
const SKIPPED = new Set(['documents.sqlite', 'documents.sqlite-wal', 'documents.sqlite-shm', 'run', 'cache', 'uploads', 'auth', 'firebase.emulators.json']);

if (!existsSync(join(dataDir, 'documents.sqlite'))) fail(`No embedded data in ${dataDir} (documents.sqlite is missing); set DATA_DIR.`);
let passphrase = null;
if (plain) {
  if (existsSync(target) && readdirSync(target).length > 0) fail(`${target} exists and is not empty; name a new folder.`);
} else {
  if (existsSync(target)) fail(`${target} exists; name a new file.`);
  try {
    passphrase = passphraseFrom(options.values['passphrase-file'], process.env);
  } catch (error) {
    if (error instanceof BackupError) fail(error.message);
    throw error;
  }
  if (!passphrase) fail('A backup holds every password and key of DATA_DIR, so it is encrypted: set BACKUP_PASSPHRASE or name a file with --passphrase-file (or write an unencrypted folder with --plain).');
  if (passphrase.length < MIN_PASSPHRASE) fail(`The passphrase has ${passphrase.length} characters; use at least ${MIN_PASSPHRASE} (a few unrelated words).`);
}
process.umask(0o077);

// An encrypted backup is first copied beside DATA_DIR, on its disk and as private as it, so the
// target (a USB stick, a shared folder) never holds a plain byte.
const copyDir = plain ? target : stageCopy(dataDir);
const partial = `${target}.partial`;
let written = false;
if (!plain) {
  // Every way out Node sees passes here: the end, an error, process.exit (the signals below call
  // it). SIGKILL and a power cut do not: removeAbandonedCopies at the next start takes what they leave.
  process.once('exit', () => {
    rmSync(copyDir, { recursive: true, force: true });
    if (!written) rmSync(partial, { force: true });
  });
  // Node handles a signal between steps, not inside the synchronous ones: by then the backup may be whole.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT']) {
    process.once(signal, () => {
      if (written) return;
      fail(`Interrupted; no backup was written (${signal}).`);
    });
  }
}
const started = Date.now();
try {
  mkdirSync(copyDir, { recursive: true, mode: 0o700 });
  const db = new Database(join(dataDir, 'documents.sqlite'), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  await db.backup(join(copyDir, 'documents.sqlite'));
  db.close();
  const copy = new Database(join(copyDir, 'documents.sqlite'), { readonly: true });
  // One table per collection ("docs:<name>"); a data directory of an earlier version has one `documents` table.
  const tables = copy.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND (name = 'documents' OR name LIKE 'docs:%')").all();
  const documents = tables.reduce((sum, { name }) => sum + copy.prepare(`SELECT count(*) AS n FROM "${name}"`).get().n, 0);
  copy.close();

  const accountsFile = join(dataDir, 'auth', 'auth_export', 'accounts.json');
  let accounts = 0;
  if (existsSync(accountsFile)) {
    mkdirSync(join(copyDir, 'auth', 'auth_export'), { recursive: true });
    for (const name of ['auth_export/accounts.json', 'auth_export/config.json', 'firebase-export-metadata.json']) {
      if (existsSync(join(dataDir, 'auth', name))) copyFileSync(join(dataDir, 'auth', name), join(copyDir, 'auth', name));
    }
    accounts = (JSON.parse(readFileSync(join(copyDir, 'auth', 'auth_export', 'accounts.json'), 'utf8')).users ?? []).length;
  }

  let files = 0;
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('firebase-export-')) continue;
    cpSync(join(dataDir, entry.name), join(copyDir, entry.name), { recursive: true });
    if (entry.isDirectory()) files += readdirSync(join(copyDir, entry.name), { recursive: true }).length;
    else files++;
  }

  const manifest = { createdAt: new Date().toISOString(), from: dataDir, documents, accounts, files, encrypted: !plain };
  writeFileSync(join(copyDir, 'backup.json'), JSON.stringify(manifest, null, 2));
  if (!plain) {
    // Written under another name and renamed once whole: a file with the backup's name is finished.
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    const fd = openSync(partial, 'wx');
    try {
      packFolder(copyDir, fd, passphrase);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, target);
    written = true;
  }
  console.log(
    `Backup of ${dataDir} written to ${target}: ${documents} documents, ${accounts} accounts, ${files} files and keys, in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      (plain ? ' (unencrypted: it holds every password and key in clear).' : ', encrypted with the passphrase.'),
  );
} finally {
  // At once, rather than at exit: the plain copy lives no longer than the backup needs it.
  if (!plain) rmSync(copyDir, { recursive: true, force: true });
}
