// What browsers choose must not grow the server's memory (issue 43): a signed-out script may open
// stream after stream of the public programme, each naming its feeds with keys of its own. While
// a visitor keeps the programme's watcher (and so its shared result) alive, 2,000 such streams
// are opened and closed; the server's memory afterwards is within 20 MB of where it began.
// Measured after real garbage collections, in this file only.
import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { streamSlots } from './live-endpoint';
import { openStream, testProgramme, type ReadMessage } from '@/app/_server/test-stream';

const MB = 1024 * 1024;

// V8 gives `gc` to contexts made after the flag is set, so the test needs no flag of its own.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * The heap and the buffers outside it (encoded messages live there), in MB, after collecting
 * garbage. First a turn of the event loop: V8 keeps what a WeakRef made in the current job points
 * to until the job ends (undici's Request keeps one to its signal), which would count the test's
 * own closed streams as the server's.
 */
async function memoryInUse(): Promise<{ heap: number; buffers: number; total: number }> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  for (let i = 0; i < 3; i++) gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { heap: heapUsed / MB, buffers: arrayBuffers / MB, total: (heapUsed + arrayBuffers) / MB };
}

const documents = new SqliteDocuments(':memory:');
const FEEDS_PER_STREAM = 2;
const STREAMS = 2_000;
const AT_ONCE = 50;

const hasAll = (keys: string[]) => (messages: ReadMessage[]) => keys.every((key) => messages.some((message) => 'key' in message && message.key === key && 'data' in message));

/** `count` signed-out streams of the programme, each under random keys, `AT_ONCE` open together, each read once and closed. */
async function cycle(count: number) {
  for (let done = 0; done < count; done += AT_ONCE) {
    await Promise.all(
      Array.from({ length: Math.min(AT_ONCE, count - done) }, async (_, i) => {
        const keys = Array.from({ length: FEEDS_PER_STREAM }, () => randomUUID());
        const stream = await openStream(
          documents,
          keys.map((key) => ({ key, feed: 'events.live' })),
          { address: `198.51.100.${i}` },
        );
        await stream.until(hasAll(keys));
        await stream.close();
      }),
    );
  }
  await expect.poll(() => streamSlots.total()).toBe(1);
}

describe('memory of what browsers choose', () => {
  it(`is back within 20 MB after ${STREAMS.toLocaleString('en')} signed-out streams with random feed keys`, { timeout: 180_000 }, async () => {
    await testProgramme(documents, 10);
    const visitor = await openStream(documents, [{ key: 'programme', feed: 'events.live' }]);
    await visitor.until(hasAll(['programme']));
    // What the first streams make once (compiled code, the watcher's result) is not growth.
    await cycle(2 * AT_ONCE);

    const before = await memoryInUse();
    await cycle(STREAMS);
    const after = await memoryInUse();
    const figures = (at: typeof before) => `${at.total.toFixed(1)} MB (heap ${at.heap.toFixed(1)}, buffers ${at.buffers.toFixed(1)})`;
    console.log(`In use before: ${figures(before)}; after ${STREAMS} streams: ${figures(after)}; the programme's message is ${(visitor.text().length / 1024).toFixed(0)} kB`);
    expect(after.total - before.total).toBeLessThan(20);
    await visitor.close();
  });
});
