// The plain copy an encrypted backup is put together in before it is sealed (decision 031):
// DATA_DIR.backing-up-<pid>-XXXXXX beside DATA_DIR, every password and key of DATA_DIR in clear.
// The backup removes it on every way out it sees; SIGKILL and a power cut are not among them, so
// the next backup and the app's next start remove each copy whose backup no longer runs. The
// owner's process id is part of the name: there is no moment when a copy exists and its owner is
// not known, as there would be with a file written into it.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const prefixOf = (dataDir) => `${basename(dataDir)}.backing-up-`;

/**
 * Copies made before their names carried an owner hold none: one untouched this long is no
 * backup's any more (a backup adds to its copy until it seals it, which takes seconds to minutes).
 */
const UNOWNED_KEPT_MS = 24 * 60 * 60 * 1000;

/** Makes the staging folder of the backup running in this process. */
export function stageCopy(dataDir) {
  return mkdtempSync(join(dirname(dataDir), `${prefixOf(dataDir)}${process.pid}-`));
}

function backupRunning(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (error.code !== 'EPERM') return false;
  }
  try {
    // Process ids are reused: a live one counts only while it is still a backup.
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('backup.mjs');
  } catch {
    // No /proc (macOS), or it ended a moment ago: kept, and removed at a later start.
    return true;
  }
}

/** Removes the copies of backups that no longer run, beside `dataDir`, and returns their names. */
export function removeAbandonedCopies(dataDir) {
  const parent = dirname(dataDir);
  const prefix = prefixOf(dataDir);
  let names;
  try {
    names = readdirSync(parent).filter((name) => name.startsWith(prefix));
  } catch {
    return [];
  }
  const removed = [];
  for (const name of names) {
    const path = join(parent, name);
    const owner = /^(\d+)-/.exec(name.slice(prefix.length));
    const untouchedFor = Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (owner ? backupRunning(Number(owner[1])) : untouchedFor < UNOWNED_KEPT_MS) continue;
    rmSync(path, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
