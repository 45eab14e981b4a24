'use client';
// Registers the service worker at /sw.js with scope / and reloads the page once an updated worker
// takes control (the first install takes control without a reload, and keeps the build files the
// page already loaded). Registered once the page has loaded and the browser is idle, so the install
// does not compete with the page's own first load (decision 027).
import { useEffect } from 'react';
import { afterLoadWhenIdle } from '@/ui/idle';
import { buildFilesLoaded, PAGE_FILES_MESSAGE, type PageFilesMessage } from './worker-files';

/**
 * The first install takes control of a page that loaded without the worker: it is told which build
 * files the page loaded, so they open offline too (they come from the browser's HTTP cache).
 */
function keepWhatThisPageLoaded(worker: ServiceWorker | null): void {
  const urls = buildFilesLoaded(performance.getEntriesByType('resource'), window.location.origin);
  if (worker && urls.length) worker.postMessage({ type: PAGE_FILES_MESSAGE, urls } satisfies PageFilesMessage);
}

export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    let hadController = Boolean(container.controller);
    let reloading = false;
    const onControllerChange = () => {
      if (hadController && !reloading) {
        reloading = true;
        window.location.reload();
      }
      if (!hadController) keepWhatThisPageLoaded(container.controller);
      hadController = true;
    };
    container.addEventListener('controllerchange', onControllerChange);
    const cancelRegistration = afterLoadWhenIdle(
      () =>
        void container.register('/sw.js', { scope: '/', type: 'module' }).catch((error: unknown) => {
          console.error('Service worker registration failed:', error);
        }),
      3_000,
    );
    return () => {
      container.removeEventListener('controllerchange', onControllerChange);
      cancelRegistration();
    };
  }, []);
  return null;
}
