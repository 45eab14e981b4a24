// scripts/backup.mjs and scripts/restore.mjs as `npm run backup` and `npm run restore` run them
// (decision 031): a backup sealed with a passphrase holds nothing of DATA_DIR in clear and restores
// every file; a wrong passphrase or a damaged file changes nothing; restores keep a bounded number
// of the folders they replace; the plain copy of a killed backup is gone at the next backup and at
// the app's next start (scripts/with-backend.mjs, with a real Auth emulator on
// BACKUP_TEST_EMULATOR_HOST, default 127.0.0.1:9599).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const PASSPHRASE = 'lantern orbit cedar 42';
const PASSWORD = 'door-staff-password-7731';
const WRONG = /^The passphrase is wrong, or the backup file is damaged at its start; nothing was restored\.$/m;
const DAMAGED = /^The backup file is damaged or cut short after [\d,]+ bytes of content; nothing was restored\.$/m;

function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const { BACKUP_PASSPHRASE: _unset, ...inherited } = process.env;
  return spawnSync(process.execPath, [`scripts/${script}.mjs`, ...args], { cwd: ROOT, env: { ...inherited, ...env }, encoding: 'utf8' });
}

/** A DATA_DIR as the embedded backend leaves it: documents, accounts with passwords, keys, stored files. */
function dataDirWithSecrets(parent: string) {
  const dataDir = join(parent, 'data');
  mkdirSync(join(dataDir, 'auth', 'auth_export'), { recursive: true });
  const db = new Database(join(dataDir, 'documents.sqlite'));
  db.exec('CREATE TABLE documents (collection TEXT NOT NULL, id TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (collection, id))');
  for (let index = 0; index < 40; index++) db.prepare('INSERT INTO documents VALUES (?, ?, ?)').run('users', `u${index}`, JSON.stringify({ email: `guest-${index}@example.org` }));
  db.close();
  const users = [{ localId: 'u0', email: 'guest-0@example.org', passwordHash: `fakeHash:salt=fakeSaltAbc:password=${PASSWORD}` }];
  writeFileSync(join(dataDir, 'auth', 'auth_export', 'accounts.json'), JSON.stringify({ kind: 'identitytoolkit#DownloadAccountResponse', users }));
  writeFileSync(join(dataDir, 'auth', 'auth_export', 'config.json'), '{"signIn":{"allowDuplicateEmails":false}}');
  const passKey = randomBytes(32);
  writeFileSync(join(dataDir, 'pass-signing-key'), passKey);
  const vapidPrivate = randomBytes(32).toString('base64url');
  writeFileSync(join(dataDir, 'vapid-keys.json'), JSON.stringify({ publicKey: randomBytes(65).toString('base64url'), privateKey: vapidPrivate }));
  // Larger than several chunks, and one file of no bytes.
  mkdirSync(join(dataDir, 'files', 'images'), { recursive: true });
  mkdirSync(join(dataDir, 'files', 'avatars', 'u0'), { recursive: true });
  mkdirSync(join(dataDir, 'files', 'empty-folder'));
  writeFileSync(join(dataDir, 'files', 'images', 'cover.webp'), randomBytes(300_000));
  writeFileSync(join(dataDir, 'files', 'avatars', 'u0', 'face.webp'), '');
  return { dataDir, secrets: [PASSWORD, 'fakeHash', 'guest-0@example.org', vapidPrivate, passKey.toString('latin1')] };
}

/** Every folder and file under `dir` with its bytes; the live database is compared by its rows. */
function contents(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    if (name === 'documents.sqlite') {
      const db = new Database(path, { readonly: true });
      found[name] = JSON.stringify(db.prepare('SELECT * FROM documents ORDER BY id').all());
      db.close();
    } else found[name] = statSync(path).isDirectory() ? 'folder' : readFileSync(path).toString('base64');
  }
  return found;
}

/** A backup running in the background, as `npm run backup` from another terminal or cron. */
function startBackup(dataDir: string, file: string) {
  const { BACKUP_PASSPHRASE: _unset, ...inherited } = process.env;
  const child = spawn(process.execPath, ['scripts/backup.mjs', file], { cwd: ROOT, env: { ...inherited, DATA_DIR: dataDir, BACKUP_PASSPHRASE: PASSPHRASE } });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, exited, output: () => output };
}

/** The plain copies beside DATA_DIR (`data.backing-up-*`). */
const stagedCopies = (parent: string) => readdirSync(parent).filter((name) => name.startsWith('data.backing-up-'));

/** Waits until `child` has staged its whole plain copy (backup.json is its last file) and is sealing it. */
async function stagedWhole(parent: string, child: ChildProcess, besides: string[] = []) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the backup ended (${child.exitCode}) before it was caught staging`);
    const staged = stagedCopies(parent).find((name) => !besides.includes(name) && existsSync(join(parent, name, 'backup.json')));
    if (staged) return staged;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('no staged copy appeared');
}

/** Every file under `dir` (but DATA_DIR itself) that holds one of `secrets` in clear. */
function plainSecretsOutside(dir: string, dataDir: string, secrets: string[]) {
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((name) => join(dir, name))
    .filter((path) => !path.startsWith(`${dataDir}/`) && path !== dataDir && statSync(path).isFile())
    .filter((path) => secrets.some((secret) => readFileSync(path).toString('latin1').includes(secret)));
}

function encryptedBackupOf(dataDir: string, file: string) {
  const made = run('backup', [file], { DATA_DIR: dataDir, BACKUP_PASSPHRASE: PASSPHRASE });
  expect(made.status, made.stderr).toBe(0);
  expect(made.stdout).toMatch(/^Backup of .* written to .*: 40 documents, 1 accounts, \d+ files and keys, in [\d.]+ s, encrypted with the passphrase\.$/m);
  return file;
}

// Each run starts Node and derives a 128 MiB scrypt key: seconds on two shared cores.
describe('npm run backup and npm run restore', { timeout: 60_000 }, () => {
  it('seal a backup with the passphrase so no password, key or address is in it in clear, and restore every file from it', () => {
    const parent = mkdtempSync(join(tmpdir(), 'venue-backup-test-'));
    const { dataDir, secrets } = dataDirWithSecrets(parent);
    const file = encryptedBackupOf(dataDir, join(parent, 'backups', 'tonight.backup'));

    expect(statSync(file).isFile()).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const sealed = readFileSync(file).toString('latin1');
    for (const secret of secrets) expect(sealed.includes(secret), secret).toBe(false);
    // Nothing plain is left behind beside DATA_DIR or the backup either.
    expect(readdirSync(parent).sort()).toEqual(['backups', 'data']);
    expect(readdirSync(join(parent, 'backups'))).toEqual(['tonight.backup']);

    const passphraseFile = join(parent, 'passphrase.txt');
    writeFileSync(passphraseFile, `${PASSPHRASE}\n`);
    const restored = join(parent, 'restored');
    const restore = run('restore', [file, '--passphrase-file', passphraseFile], { DATA_DIR: restored });
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/^Restored the backup of .* \(40 documents, 1 accounts, \d+ files and keys\) into .*restored\.$/m);
    const { 'backup.json': _manifest, ...restoredContents } = contents(restored);
    expect(JSON.parse(readFileSync(join(restored, 'backup.json'), 'utf8'))).toMatchObject({ documents: 40, accounts: 1, encrypted: true });
    expect(restoredContents).toEqual(contents(dataDir));
  });

  it('restore nothing and leave DATA_DIR as it was when the passphrase is wrong or the file was changed, cut or lengthened', () => {
    const parent = mkdtempSync(join(tmpdir(), 'venue-backup-test-'));
    const { dataDir } = dataDirWithSecrets(parent);
    const file = encryptedBackupOf(dataDir, join(parent, 'good.backup'));
    const target = join(parent, 'current');
    mkdirSync(target);
    writeFileSync(join(target, 'documents.sqlite'), 'the data in use');
    const damaged = (name: string, change: (path: string) => void) => {
      const path = join(parent, name);
      writeFileSync(path, readFileSync(file));
      change(path);
      return path;
    };
    const patch = (offset: number, change: (byte: number) => number) => (path: string) => {
      const bytes = readFileSync(path);
      bytes.writeUInt8(change(bytes.readUInt8(offset)), offset);
      writeFileSync(path, bytes);
    };
    const flip = (offset: number) => patch(offset, (byte) => byte ^ 0x01);
    const size = statSync(file).size;
    const cases: [string, string, string, RegExp][] = [
      ['wrong passphrase', file, 'lantern orbit cedar 43', WRONG],
      ['a byte of the salt changed', damaged('salt.backup', flip(30)), PASSPHRASE, WRONG],
      // The byte after the 15 of 'venue-backup-1\n' is scrypt's log2 N.
      ['a key cost of 2^30 asked for', damaged('cost.backup', patch(15, () => 30)), PASSPHRASE, /^The backup file is damaged \(its header asks for an impossible key cost\); nothing was restored\.$/m],
      ['a byte in the middle changed', damaged('middle.backup', flip(Math.floor(size / 2))), PASSPHRASE, DAMAGED],
      ['cut after its third chunk', damaged('cut.backup', (path) => truncateSync(path, 50 + 3 * (65_536 + 16))), PASSPHRASE, DAMAGED],
      ['its last byte removed', damaged('short.backup', (path) => truncateSync(path, size - 1)), PASSPHRASE, DAMAGED],
      ['bytes added at its end', damaged('long.backup', (path) => appendFileSync(path, randomBytes(20))), PASSPHRASE, DAMAGED],
    ];
    for (const [what, backup, passphrase, message] of cases) {
      const restore = run('restore', [backup], { DATA_DIR: target, BACKUP_PASSPHRASE: passphrase });
      expect(restore.status, what).toBe(1);
      expect(restore.stderr, what).toMatch(message);
      expect(readdirSync(target), what).toEqual(['documents.sqlite']);
      expect(readFileSync(join(target, 'documents.sqlite'), 'utf8'), what).toBe('the data in use');
      expect(readdirSync(parent).filter((name) => name.startsWith('current')), what).toEqual(['current']);
    }
    const without = run('restore', [file], { DATA_DIR: target });
    expect(without.status).toBe(1);
    expect(without.stderr).toMatch(/^This backup is encrypted: set BACKUP_PASSPHRASE or name a file with --passphrase-file\.$/m);
  });

  it('refuse to write a backup without a passphrase or with a short one, and still write and restore plain folders with --plain', () => {
    const parent = mkdtempSync(join(tmpdir(), 'venue-backup-test-'));
    const { dataDir } = dataDirWithSecrets(parent);
    const refused = run('backup', [join(parent, 'a.backup')], { DATA_DIR: dataDir });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/it is encrypted: set BACKUP_PASSPHRASE or name a file with --passphrase-file/);
    const short = run('backup', [join(parent, 'b.backup')], { DATA_DIR: dataDir, BACKUP_PASSPHRASE: 'tiny' });
    expect(short.status).toBe(1);
    expect(short.stderr).toMatch(/^The passphrase has 4 characters; use at least 12/m);
    expect(readdirSync(parent)).toEqual(['data']);

    // A plain folder is what backups were before; those restore as they did.
    const folder = join(parent, 'plain');
    const made = run('backup', [folder, '--plain'], { DATA_DIR: dataDir });
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/\(unencrypted: it holds every password and key in clear\)\.$/m);
    const restored = join(parent, 'restored');
    const restore = run('restore', [folder], { DATA_DIR: restored });
    expect(restore.status, restore.stderr).toBe(0);
    const { 'backup.json': _manifest, ...restoredContents } = contents(restored);
    expect(restoredContents).toEqual(contents(dataDir));
  });

  it("remove the plain copy a backup killed outright left, at the next backup and at the app's next start, say so without secrets, and keep the copy of a backup still running", async () => {
    const parent = mkdtempSync(join(tmpdir(), 'venue-backup-test-'));
    const { dataDir, secrets } = dataDirWithSecrets(parent);
    const mentionsNoSecret = (output: string) => expect(secrets.filter((secret) => output.includes(secret))).toEqual([]);

    // A backup still running (stopped, so it is caught sealing): its copy must stay.
    const running = startBackup(dataDir, join(parent, 'backups', 'running.backup'));
    const runningCopy = await stagedWhole(parent, running.child);
    running.child.kill('SIGSTOP');
    try {
      // kill -9 while it seals: the copy stays behind with every secret in clear.
      const killed = startBackup(dataDir, join(parent, 'backups', 'killed.backup'));
      const left = await stagedWhole(parent, killed.child, [runningCopy]);
      killed.child.kill('SIGKILL');
      await killed.exited;
      const passKey = readFileSync(join(dataDir, 'pass-signing-key'));
      expect(readFileSync(join(parent, left, 'pass-signing-key'))).toEqual(passKey);
      // One left by a backup from before copies named their owner, untouched for two days.
      const older = 'data.backing-up-Ab12Cd';
      mkdirSync(join(parent, older));
      writeFileSync(join(parent, older, 'pass-signing-key'), passKey);
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
      utimesSync(join(parent, older), twoDaysAgo, twoDaysAgo);

      const next = run('backup', [join(parent, 'backups', 'next.backup')], { DATA_DIR: dataDir, BACKUP_PASSPHRASE: PASSPHRASE });
      expect(next.status, next.stderr).toBe(0);
      const removed = /^Removed the plain copies that interrupted backups left beside DATA_DIR: (.*)\.$/m.exec(next.stdout);
      expect(removed?.[1]?.split(', ').sort()).toEqual([left, older].sort());
      mentionsNoSecret(next.stdout + next.stderr);
      expect(stagedCopies(parent)).toEqual([runningCopy]);
    } finally {
      running.child.kill('SIGCONT');
    }
    expect(await running.exited, running.output()).toBe(0);
    expect(stagedCopies(parent)).toEqual([]);

    // The app's next start: the launcher removes it before anything else runs.
    const killedAgain = startBackup(dataDir, join(parent, 'backups', 'killed-again.backup'));
    const leftAgain = await stagedWhole(parent, killedAgain.child);
    killedAgain.child.kill('SIGKILL');
    await killedAgain.exited;
    const start = spawnSync(process.execPath, ['scripts/with-backend.mjs', 'tsx', '-e', '0'], {
      cwd: ROOT,
      env: { ...process.env, BACKEND: 'embedded', DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: process.env.BACKUP_TEST_EMULATOR_HOST ?? '127.0.0.1:9599', EMBEDDED_ALLOW_NETWORK: '0' },
      encoding: 'utf8',
      timeout: 200_000,
    });
    expect(start.status, start.stderr).toBe(0);
    expect(/^Recovered after an unclean stop: (.*)\.$/m.exec(start.stdout)?.[1]).toBe(`removed the plain copies that interrupted backups left beside DATA_DIR (${leftAgain})`);
    mentionsNoSecret(start.stdout + start.stderr);
    expect(stagedCopies(parent)).toEqual([]);
    expect(plainSecretsOutside(parent, dataDir, secrets)).toEqual([]);
  }, 240_000);

  it('keep the newest three folders that restores replaced, remove what an interrupted restore left, and say what was removed', () => {
    const parent = mkdtempSync(join(tmpdir(), 'venue-backup-test-'));
    const { dataDir } = dataDirWithSecrets(parent);
    const folder = join(parent, 'plain');
    expect(run('backup', [folder, '--plain'], { DATA_DIR: dataDir }).status).toBe(0);
    const target = join(parent, 'live');
    // What a killed restore left: the backup in clear, beside DATA_DIR.
    mkdirSync(join(parent, 'live.restoring-Ab12Cd'));
    writeFileSync(join(parent, 'live.restoring-Ab12Cd', 'pass-signing-key'), randomBytes(32));
    const outputs = [];
    for (let round = 0; round < 5; round++) {
      const restore = run('restore', [folder], { DATA_DIR: target });
      expect(restore.status, restore.stderr).toBe(0);
      outputs.push(restore.stdout);
    }
    const aside = readdirSync(parent).filter((name) => name.startsWith('live.before-restore-'));
    expect(aside).toHaveLength(3);
    expect(outputs[0]).toMatch(/ Removed what an interrupted restore left: live\.restoring-Ab12Cd\.$/m);
    expect(outputs[1]).not.toMatch(/Removed/);
    expect(readdirSync(parent).filter((name) => name.startsWith('live.restoring-'))).toEqual([]);
    expect(outputs[4]).toMatch(/it holds every password and key: delete it once the restore is checked\)\. Removed 1 older copies made by earlier restores \(the newest 3 are kept\): live\.before-restore-[\dTZ-]+\.$/m);
    expect(existsSync(join(target, 'backup.json'))).toBe(true);
  });
});
