// Asking the server again while a page is open: at once (or, for what can wait, once the page has
// loaded and the browser is idle), every so often, and whenever the person comes back to the page
// (the window regains focus, or the tab becomes visible again), so what a phone shows after hours
// in a pocket is fresh the moment it is looked at. Browser only.
import { afterLoadWhenIdle } from './idle';

/** How long the first question may wait for an idle browser after the page has loaded. */
const FIRST_ASK_WAIT_MS = 5_000;

/**
 * Calls `ask` now (`first: 'afterLoad'`: once the page has loaded and the browser is idle), every
 * `everyMs`, on focus and when the page becomes visible; returns the stop.
 */
export function askWhileOpen(ask: () => void, everyMs: number, { first = 'now' }: { first?: 'now' | 'afterLoad' } = {}): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') ask();
  };
  const cancelFirst = first === 'now' ? (ask(), () => {}) : afterLoadWhenIdle(ask, FIRST_ASK_WAIT_MS);
  const timer = setInterval(ask, everyMs);
  window.addEventListener('focus', ask);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    cancelFirst();
    clearInterval(timer);
    window.removeEventListener('focus', ask);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
