// Asking the server again while a page is open: at once, every so often, and whenever the person
// comes back to the page (the window regains focus, or the tab becomes visible again), so what a
// phone shows after hours in a pocket is fresh the moment it is looked at. Browser only.

/** Calls `ask` now, every `everyMs`, on focus and when the page becomes visible; returns the stop. */
export function askWhileOpen(ask: () => void, everyMs: number): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') ask();
  };
  ask();
  const timer = setInterval(ask, everyMs);
  window.addEventListener('focus', ask);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    window.removeEventListener('focus', ask);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
