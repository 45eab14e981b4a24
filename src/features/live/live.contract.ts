// The contract every live-read adapter keeps, shown by a feature on one of its feeds (the image
// library's: src/features/images/live-feeds.*.test.ts): the current result at once, each later
// write soon after, nothing after unsubscribing.
import { describe, expect, it as vitestIt } from 'vitest';

export interface LiveHarness {
  /** Subscribes to the feed; calls back with the ids in feed order. */
  subscribe(onData: (ids: string[]) => void, onError: (error: unknown) => void): () => void;
  /** Writes a document the feed shows (through the server's documents port). */
  write(id: string, createdAt: Date): Promise<void>;
  remove(id: string): Promise<void>;
}

async function until(check: () => boolean, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * `gaps`: tests this reader cannot pass for a reason outside the app, by title, each with the name
 * of that gap (a stand-in only, never a real backend); they are reported as skipped with it.
 */
export function liveContract(name: string, open: () => Promise<LiveHarness>, gaps: Readonly<Record<string, string>> = {}) {
  const it = (title: string, test: () => Promise<void>) =>
    gaps[title] === undefined ? vitestIt(title, test) : vitestIt.skip(`${title} (skipped, stand-in gap: ${gaps[title]})`, test);

  describe(`live feed contract: ${name}`, () => {
    it('delivers the current result, then each new write, and nothing after unsubscribing', async () => {
      const live = await open();
      await live.write('older', new Date('2026-01-01T00:00:00Z'));
      const seen: string[][] = [];
      const errors: unknown[] = [];
      const stop = live.subscribe((ids) => seen.push(ids), (error) => errors.push(error));
      await until(() => seen.some((ids) => ids.includes('older')), 'the current result');

      await live.write('newer', new Date('2026-02-01T00:00:00Z'));
      await until(() => seen.at(-1)?.join() === 'newer,older', 'the new image first');

      stop();
      const count = seen.length;
      await live.write('after', new Date('2026-03-01T00:00:00Z'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen.length).toBe(count);
      expect(errors).toEqual([]);
    });

    it('delivers a removal', async () => {
      const live = await open();
      await live.write('older', new Date('2026-01-01T00:00:00Z'));
      await live.write('newer', new Date('2026-02-01T00:00:00Z'));
      const seen: string[][] = [];
      const errors: unknown[] = [];
      const stop = live.subscribe((ids) => seen.push(ids), (error) => errors.push(error));
      await until(() => seen.at(-1)?.join() === 'newer,older', 'the current result');
      await live.remove('older');
      await until(() => seen.at(-1)?.join() === 'newer', 'the removal');
      stop();
      expect(errors).toEqual([]);
    });
  });
}
