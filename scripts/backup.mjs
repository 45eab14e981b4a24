// `npm run backup [folder]`: a consistent copy of the embedded backend's DATA_DIR, taken while the
// app runs (decision 031). Documents through SQLite's online backup (a snapshot of one moment,
// whatever the app writes meanwhile), then the account snapshot the journal keeps (always whole:
// it is replaced by rename), then the stored files and keys. Documents first: every account a
// copied user document names was made before it, so it is in the later copy of the accounts.
// backup.json is written last; a folder without it is not a finished backup.
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import nextEnv from '@next/env';

nextEnv.loadEnvConfig(process.cwd(), false);
const dataDir = resolve(process.env.DATA_DIR ?? '.data');
const target = resolve(process.argv[2] ?? join('backups', `venue-${new Date().toISOString().replace(/[:.]/g, '-')}`));

/** What is not copied: the live database files (copied by SQLite), run state, caches, unfinished uploads. */
const SKIPPED = new Set(['documents.sqlite', 'documents.sqlite-wal', 'documents.sqlite-shm', 'run', 'cache', 'uploads', 'auth', 'firebase.emulators.json']);

if (!existsSync(join(dataDir, 'documents.sqlite'))) {
  console.error(`No embedded data in ${dataDir} (documents.sqlite is missing); set DATA_DIR.`);
  process.exit(1);
}
if (existsSync(target) && readdirSync(target).length > 0) {
  console.error(`${target} exists and is not empty; name a new folder.`);
  process.exit(1);
}
process.umask(0o077);
mkdirSync(target, { recursive: true, mode: 0o700 });

const started = Date.now();
const db = new Database(join(dataDir, 'documents.sqlite'), { fileMustExist: true });
db.pragma('busy_timeout = 5000');
await db.backup(join(target, 'documents.sqlite'));
db.close();
const copy = new Database(join(target, 'documents.sqlite'), { readonly: true });
const documents = copy.prepare('SELECT count(*) AS n FROM documents').get().n;
copy.close();

const accountsFile = join(dataDir, 'auth', 'auth_export', 'accounts.json');
let accounts = 0;
if (existsSync(accountsFile)) {
  mkdirSync(join(target, 'auth', 'auth_export'), { recursive: true });
  for (const name of ['auth_export/accounts.json', 'auth_export/config.json', 'firebase-export-metadata.json']) {
    if (existsSync(join(dataDir, 'auth', name))) copyFileSync(join(dataDir, 'auth', name), join(target, 'auth', name));
  }
  accounts = (JSON.parse(readFileSync(join(target, 'auth', 'auth_export', 'accounts.json'), 'utf8')).users ?? []).length;
}

let files = 0;
for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
  if (SKIPPED.has(entry.name) || entry.name.startsWith('firebase-export-')) continue;
  cpSync(join(dataDir, entry.name), join(target, entry.name), { recursive: true });
  if (entry.isDirectory()) files += readdirSync(join(target, entry.name), { recursive: true }).length;
  else files++;
}

const manifest = { createdAt: new Date().toISOString(), from: dataDir, documents, accounts, files };
writeFileSync(join(target, 'backup.json'), JSON.stringify(manifest, null, 2));
console.log(`Backup of ${dataDir} written to ${target}: ${documents} documents, ${accounts} accounts, ${files} files and keys, in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
