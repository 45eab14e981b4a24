// The encrypted backup file of `npm run backup` and `npm run restore` (decision 031): a folder packed
// into one stream, sealed with a key that scrypt derives from a passphrase. Only standard pieces of
// node:crypto, composed as streaming AEADs do it (Tink's and age's STREAM): a random salt per file,
// so every file has its own key and the chunk counter can serve as the nonce; AES-256-GCM per
// 64 KiB chunk, with the header as associated data; the last chunk marked in its nonce, so a file
// cut at a chunk boundary fails as surely as a changed byte.
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, writeSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';

const MAGIC = Buffer.from('venue-backup-1\n');
const SALT_BYTES = 32;
const HEADER_BYTES = MAGIC.length + 3 + SALT_BYTES;
const CHUNK = 64 * 1024;
const TAG = 16;
// scrypt at N = 2^17, r = 8 (128 MiB, about 0.3 s here): OWASP's figure for stored passwords. The
// header records the cost so a later version can raise it; a reader refuses more than 1 GiB or
// 4 passes, so a crafted header cannot make a restore claim the machine.
const COST = { logN: 17, r: 8, p: 1 };
const MAX_MEMORY = 2 ** 30;
const MAX_P = 4;
const MAX_ENTRY_HEADER = 64 * 1024;
export const MIN_PASSPHRASE = 12;

/** A backup that cannot be read: the message is for the person who runs the command. */
export class BackupError extends Error {}

const WRONG_PASSPHRASE = 'The passphrase is wrong, or the backup file is damaged at its start; nothing was restored.';

function deriveKey(passphrase, salt, { logN, r, p }) {
  return scryptSync(passphrase.normalize('NFC'), salt, 32, { N: 2 ** logN, r, p, maxmem: 2 * 128 * 2 ** logN * r * p });
}

function nonce(counter, last) {
  const bytes = Buffer.alloc(12);
  bytes.writeUIntBE(counter, 5, 6);
  bytes[11] = last ? 1 : 0;
  return bytes;
}

/** The passphrase from BACKUP_PASSPHRASE or from the first line of the file `--passphrase-file` names. */
export function passphraseFrom(file, env) {
  if (!file) return env.BACKUP_PASSPHRASE || null;
  try {
    return readFileSync(file, 'utf8').split(/\r?\n/)[0] || null;
  } catch (error) {
    throw new BackupError(`The passphrase file ${file} cannot be read (${error.code ?? error.message}).`);
  }
}

/** Whether `start` (the first bytes of a file) opens an encrypted backup. */
export function isEncryptedBackup(start) {
  return start.length >= MAGIC.length && start.subarray(0, MAGIC.length).equals(MAGIC);
}

/** Seals whatever is written to it into `fd`, chunk by chunk. */
function sealer(fd, passphrase) {
  const salt = randomBytes(SALT_BYTES);
  const header = Buffer.concat([MAGIC, Buffer.from([COST.logN, COST.r, COST.p]), salt]);
  const key = deriveKey(passphrase, salt, COST);
  writeSync(fd, header);
  let pending = [];
  let pendingBytes = 0;
  let counter = 0;
  const seal = (plain, last) => {
    const cipher = createCipheriv('aes-256-gcm', key, nonce(counter++, last));
    cipher.setAAD(header);
    writeSync(fd, Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]));
  };
  return {
    write(bytes) {
      pending.push(bytes);
      pendingBytes += bytes.length;
      // A full chunk waits until more follows: only at the end is it known which chunk is the last.
      if (pendingBytes <= CHUNK) return;
      let all = Buffer.concat(pending);
      while (all.length > CHUNK) {
        seal(all.subarray(0, CHUNK), false);
        all = all.subarray(CHUNK);
      }
      pending = [all];
      pendingBytes = all.length;
    },
    finish() {
      seal(Buffer.concat(pending), true);
    },
  };
}

/** Packs every file and folder under `folder` into the encrypted backup file open as `fd`. */
export function packFolder(folder, fd, passphrase) {
  const out = sealer(fd, passphrase);
  const entry = (fields) => {
    const json = Buffer.from(JSON.stringify(fields));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(json.length);
    out.write(Buffer.concat([length, json]));
  };
  const buffer = Buffer.alloc(1024 * 1024);
  let files = 0;
  for (const item of readdirSync(folder, { recursive: true, withFileTypes: true }).sort((a, b) => join(a.parentPath, a.name).localeCompare(join(b.parentPath, b.name)))) {
    const path = join(item.parentPath, item.name).slice(folder.length + 1).split(sep).join('/');
    if (item.isDirectory()) {
      entry({ path, folder: true });
      continue;
    }
    if (!item.isFile()) throw new BackupError(`${path} in the copy is neither a file nor a folder; it cannot be packed.`);
    const source = openSync(join(folder, path), 'r');
    try {
      const size = fstatSync(source).size;
      entry({ path, size });
      for (let done = 0; done < size; ) {
        const read = readSync(source, buffer, 0, Math.min(buffer.length, size - done), done);
        if (read === 0) throw new BackupError(`${path} shrank while it was packed.`);
        out.write(Buffer.from(buffer.subarray(0, read)));
        done += read;
      }
    } finally {
      closeSync(source);
    }
    files++;
  }
  entry({ end: true, files });
  out.finish();
}

/** Opens the encrypted backup open as `fd` and yields its plain bytes; throws BackupError on any change. */
function* opened(fd, passphrase) {
  const size = fstatSync(fd).size;
  const header = Buffer.alloc(HEADER_BYTES);
  if (readSync(fd, header, 0, HEADER_BYTES, 0) < HEADER_BYTES || !isEncryptedBackup(header)) throw new BackupError('This file is not an encrypted backup of this app (or it is cut short).');
  const [logN, r, p] = header.subarray(MAGIC.length, MAGIC.length + 3);
  if (logN < 1 || r < 1 || p < 1 || p > MAX_P || 128 * 2 ** logN * r > MAX_MEMORY) throw new BackupError('The backup file is damaged (its header asks for an impossible key cost); nothing was restored.');
  const key = deriveKey(passphrase, header.subarray(MAGIC.length + 3), { logN, r, p });
  const frame = Buffer.alloc(CHUNK + TAG);
  for (let position = HEADER_BYTES, counter = 0; ; counter++) {
    const read = readSync(fd, frame, 0, frame.length, position);
    position += read;
    const last = position >= size;
    const damaged = counter === 0 ? WRONG_PASSPHRASE : `The backup file is damaged or cut short after ${(counter * CHUNK).toLocaleString('en')} bytes of content; nothing was restored.`;
    if (read < TAG) throw new BackupError(damaged);
    const decipher = createDecipheriv('aes-256-gcm', key, nonce(counter, last));
    decipher.setAAD(header);
    decipher.setAuthTag(frame.subarray(read - TAG, read));
    let plain;
    try {
      plain = Buffer.concat([decipher.update(frame.subarray(0, read - TAG)), decipher.final()]);
    } catch {
      throw new BackupError(damaged);
    }
    yield plain;
    if (last) return;
  }
}

/** An entry's header; only a passphrase holder can write one, but a wrong one still gets a sentence. */
function entryFields(bytes) {
  let fields;
  try {
    fields = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupError('The backup file is damaged (an entry cannot be read).');
  }
  if (!fields.end && !fields.folder && !(Number.isSafeInteger(fields.size) && fields.size >= 0)) throw new BackupError('The backup file is damaged (an entry has no size).');
  return fields;
}

/** A path from the archive, kept inside the folder it is unpacked into. */
function safePath(path) {
  const normal = typeof path === 'string' ? normalize(path) : '';
  if (!normal || normal !== path.split('/').join(sep) || isAbsolute(normal) || normal.split(sep).includes('..')) throw new BackupError(`The backup names a file outside its folder (${String(path)}).`);
  return normal;
}

/**
 * Unpacks the encrypted backup open as `fd` into the empty folder `folder`. Every byte written has
 * been authenticated, but a file further on may still fail: callers unpack into a folder of their
 * own and use it only once this returns.
 */
export function unpackArchive(fd, folder, passphrase) {
  let buffered = Buffer.alloc(0);
  let file = null;
  let ended = false;
  for (const plain of opened(fd, passphrase)) {
    buffered = buffered.length ? Buffer.concat([buffered, plain]) : plain;
    while (buffered.length > 0) {
      if (ended) throw new BackupError('The backup file has content after its end.');
      if (file) {
        const take = Math.min(file.left, buffered.length);
        writeSync(file.fd, buffered, 0, take);
        buffered = buffered.subarray(take);
        file.left -= take;
        if (file.left === 0) {
          closeSync(file.fd);
          file = null;
        }
        continue;
      }
      if (buffered.length < 4) break;
      const length = buffered.readUInt32BE(0);
      if (length > MAX_ENTRY_HEADER) throw new BackupError('The backup file is damaged (an entry is too long).');
      if (buffered.length < 4 + length) break;
      const fields = entryFields(buffered.subarray(4, 4 + length));
      buffered = buffered.subarray(4 + length);
      if (fields.end) {
        ended = true;
        continue;
      }
      const path = join(folder, safePath(fields.path));
      if (fields.folder) {
        mkdirSync(path, { recursive: true });
        continue;
      }
      mkdirSync(dirname(path), { recursive: true });
      file = { fd: openSync(path, 'wx'), left: fields.size };
      if (file.left === 0) {
        closeSync(file.fd);
        file = null;
      }
    }
  }
  if (file) closeSync(file.fd);
  if (!ended || file || buffered.length > 0) throw new BackupError('The backup file ends in the middle of its content; nothing was restored.');
}
