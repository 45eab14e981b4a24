// React's lazy for code fetched after the page has loaded, where the fetch can fail: without signal
// (a door, a basement), or after a release removed the old chunk. React's own lazy throws the
// failure to the nearest error boundary, which took the whole page down to the error screen; this
// one keeps waiting instead (its Suspense fallback stays up) and tries again when the browser is
// back online, and now and then meanwhile.
import { lazy, type ComponentType } from 'react';

/** How long a failed load waits before trying again, at most, when no 'online' event comes. */
export const LAZY_RETRY_MS = 15_000;

/** The loader, tried until it succeeds; a failure is never thrown to the page. */
export function untilLoaded<T>(load: () => Promise<T>, retryMs = LAZY_RETRY_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve) => {
      const attempt = () => {
        load().then(resolve, () => {
          // Whichever comes first, the connection or the timer, tries once and cancels the other.
          const again = () => {
            clearTimeout(timer);
            window.removeEventListener('online', again);
            attempt();
          };
          const timer = setTimeout(again, retryMs);
          window.addEventListener('online', again);
        });
      };
      attempt();
    });
}

/** `lazy(load)` whose failures wait and retry rather than reach an error boundary. */
export function lazyWhenLoaded<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(untilLoaded(load));
}
