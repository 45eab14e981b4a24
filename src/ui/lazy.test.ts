import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { untilLoaded } from './lazy';

describe('untilLoaded', () => {
  const browser = new EventTarget();

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', browser);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('never rejects: a failed load is tried again when the browser is back online', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue('module');
    let settled: string | undefined;
    void untilLoaded(load)().then((value) => (settled = value));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(settled).toBeUndefined();
    browser.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    expect(settled).toBe('module');
    // The timer of the first failure was cleared: nothing is loaded again.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again after a while when no online event comes', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('gone')).mockRejectedValueOnce(new Error('gone')).mockResolvedValue('module');
    let settled: string | undefined;
    void untilLoaded(load, 1_000)().then((value) => (settled = value));
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(settled).toBe('module');
  });
});
