// Group commit for the writes that must survive a power cut (decision 030): SQLite commits them
// under synchronous = NORMAL, which survives a crash of the process, and the write is acknowledged
// only after the write-ahead log has been flushed to the disk. One flush covers every commit made
// before it began, so a door scanning hundreds of passes a minute pays one flush per round of
// commits, not one each; and the flush runs on Node's thread pool, so the server keeps answering
// while the disk works (SQLite's own synchronous = FULL would block the one thread for each).
import { open, type FileHandle } from 'node:fs/promises';

/** Flushes a file's data to the disk (fdatasync). Tests pass their own. */
export type Flush = (handle: FileHandle) => Promise<void>;

interface Waiting {
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface WalSync {
  /** Resolves once every commit made before the call is on the disk. */
  (): Promise<void>;
  close(): Promise<void>;
}

/**
 * Durability for the commits already written to `walPath`: each call joins the next flush, never
 * one already running (that one may have begun before the caller's commit reached the file).
 */
export function walSync(walPath: string, flush: Flush = (handle) => handle.datasync()): WalSync {
  let waiting: Waiting[] = [];
  let running = false;
  let handle: Promise<FileHandle> | undefined;

  async function rounds() {
    try {
      while (waiting.length > 0) {
        const round = waiting;
        waiting = [];
        try {
          // fsync applies to the file, whichever descriptor asks: SQLite's own stays its own.
          await flush(await (handle ??= open(walPath, 'r')));
          for (const entry of round) entry.resolve();
        } catch (error) {
          handle = undefined;
          for (const entry of round) entry.reject(error);
        }
      }
    } finally {
      running = false;
    }
  }

  const sync = (() =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (running) return;
      // Begun after this turn of the event loop, so the commits answered in it share the flush.
      running = true;
      setImmediate(() => void rounds());
    })) as WalSync;
  sync.close = async () => {
    const current = handle;
    handle = undefined;
    await (await current?.catch(() => undefined))?.close();
  };
  return sync;
}
