// Open streams' sessions checked again in rounds: a stream whose check says no, or fails, is ended
// once; a check on its way is not asked again; the timer runs only while a stream is watched.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreamRechecks } from './stream-rechecks';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('stream rechecks', () => {
  it('ends a stream whose check says no or fails, once, and keeps the others', async () => {
    const rechecks = new StreamRechecks(1_000);
    const lost: string[] = [];
    let doorValid = true;
    rechecks.watch(async () => true, () => lost.push('steady'));
    rechecks.watch(async () => doorValid, () => lost.push('door'));
    rechecks.watch(async () => Promise.reject(new Error('lookup failed')), () => lost.push('unknown'));

    await vi.advanceTimersByTimeAsync(1_000);
    expect(lost).toEqual(['unknown']);
    doorValid = false;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(lost).toEqual(['unknown', 'door']);
    expect(rechecks.size()).toBe(1);
  });

  it('asks a slow check again only once it has answered, and stops its timer when no stream is left', async () => {
    const rechecks = new StreamRechecks(1_000);
    let asked = 0;
    let answer: ((valid: boolean) => void) | undefined;
    const stop = rechecks.watch(
      () => {
        asked += 1;
        return new Promise<boolean>((resolve) => (answer = resolve));
      },
      () => {},
    );
    await vi.advanceTimersByTimeAsync(3_000);
    expect(asked).toBe(1);
    answer!(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked).toBe(2);

    stop();
    expect(rechecks.size()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
