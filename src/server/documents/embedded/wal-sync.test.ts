// Group commit: every caller's commit is flushed by a flush that began after it, concurrent callers
// share one flush, and a failed flush fails its own round only.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { walSync, type Flush } from './wal-sync';

function walFile() {
  const path = join(mkdtempSync(join(tmpdir(), 'wal-sync-')), 'documents.sqlite-wal');
  writeFileSync(path, 'frames');
  return path;
}

/** A flush that finishes when told to, counting how often it began. */
function controlledFlush() {
  const started: (() => void)[] = [];
  let fail = false;
  const flush: Flush = () =>
    new Promise<void>((resolve, reject) => {
      started.push(() => (fail ? reject(new Error('EIO')) : resolve()));
    });
  return { flush, started, failNext: () => (fail = true), succeed: () => (fail = false) };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('flushing the write-ahead log in rounds', () => {
  it('serves every commit waiting at once with one flush', async () => {
    const { flush, started } = controlledFlush();
    const sync = walSync(walFile(), flush);
    const done: number[] = [];
    const calls = [1, 2, 3].map((n) => sync().then(() => done.push(n)));
    await settled();
    expect(started).toHaveLength(1);
    started[0]!();
    await Promise.all(calls);
    expect(done.sort()).toEqual([1, 2, 3]);
  });

  it('never answers a commit with a flush that began before it', async () => {
    const { flush, started } = controlledFlush();
    const sync = walSync(walFile(), flush);
    const first = sync();
    await settled();
    let laterDone = false;
    const later = sync().then(() => (laterDone = true));
    started[0]!();
    await first;
    await settled();
    // The first flush may have begun before the later commit reached the file: a second one runs.
    expect(laterDone).toBe(false);
    expect(started).toHaveLength(2);
    started[1]!();
    await later;
  });

  it('a failed flush fails its own round, and the next round flushes again', async () => {
    const control = controlledFlush();
    const sync = walSync(walFile(), control.flush);
    control.failNext();
    const failing = sync();
    await settled();
    control.started[0]!();
    await expect(failing).rejects.toThrow('EIO');
    control.succeed();
    const next = sync();
    await settled();
    control.started[1]!();
    await expect(next).resolves.toBeUndefined();
  });

  it('flushes the real file with fdatasync', async () => {
    const sync = walSync(walFile());
    await expect(Promise.all([sync(), sync()])).resolves.toBeDefined();
    await sync.close();
  });
});
