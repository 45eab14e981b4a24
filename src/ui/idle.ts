// Work a page can do later: once the browser is idle, or once the page has loaded and the browser
// is idle then. Used for what must not compete with a page's first load and hydration (decision
// 027): the service worker's install, the live feeds of server-rendered lists, the version check.
// Browser only.

/** Runs `work` once the browser is idle, at the latest after `timeoutMs`. Returns the cancel. */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 1);
  return () => clearTimeout(handle);
}

/** Runs `work` once the page has loaded and then the browser is idle (at the latest `timeoutMs` after the load). Returns the cancel. */
export function afterLoadWhenIdle(work: () => void, timeoutMs: number): () => void {
  let cancelIdle: (() => void) | undefined;
  const onLoad = () => {
    cancelIdle = whenIdle(work, timeoutMs);
  };
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    cancelIdle?.();
  };
}
