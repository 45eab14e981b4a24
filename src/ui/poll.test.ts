import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askWhileOpen } from './poll';

describe('askWhileOpen', () => {
  const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const window = new EventTarget();

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
});
