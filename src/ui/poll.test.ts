import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askWhileOpen } from './poll';

describe('askWhileOpen', () => {
  const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState, readyState: 'interactive' as DocumentReadyState });
  const window = Object.assign(new EventTarget(), {
    requestIdleCallback: (work: () => void, { timeout }: { timeout: number }) => setTimeout(work, Math.min(timeout, 50)) as unknown as number,
    cancelIdleCallback: (handle: number) => clearTimeout(handle),
  });

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('document', page);
    vi.stubGlobal('window', window);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks at once, every interval, on focus and when the page is shown again; nothing once stopped', () => {
    const ask = vi.fn();
    const stop = askWhileOpen(ask, 60_000);
    expect(ask).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(ask).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new Event('focus'));
    expect(ask).toHaveBeenCalledTimes(3);
    page.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(ask).toHaveBeenCalledTimes(3);
    page.visibilityState = 'visible';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(ask).toHaveBeenCalledTimes(4);

    stop();
    vi.advanceTimersByTime(600_000);
    window.dispatchEvent(new Event('focus'));
    page.dispatchEvent(new Event('visibilitychange'));
    expect(ask).toHaveBeenCalledTimes(4);
  });

  it('waits for the load and an idle moment, then asks as usual', () => {
    const ask = vi.fn();
    const stop = askWhileOpen(ask, 60_000, { first: 'afterLoad' });
    vi.advanceTimersByTime(1_000);
    expect(ask).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(ask).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(ask).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('focus'));
    expect(ask).toHaveBeenCalledTimes(2);
    stop();
  });

  it('asks nothing when stopped before the page has loaded', () => {
    const ask = vi.fn();
    const stop = askWhileOpen(ask, 60_000, { first: 'afterLoad' });
    stop();
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(600_000);
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks once idle when the page had already loaded', () => {
    page.readyState = 'complete';
    const ask = vi.fn();
    const stop = askWhileOpen(ask, 60_000, { first: 'afterLoad' });
    expect(ask).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(ask).toHaveBeenCalledTimes(1);
    stop();
    page.readyState = 'interactive';
  });
});
