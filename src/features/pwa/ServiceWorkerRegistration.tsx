'use client';
// Registers the service worker at /sw.js with scope / and reloads the page once an updated worker
// takes control (the first install takes control without a reload). Registered once the page has
// loaded and the browser is idle: installing precaches the build, which must not compete with
// the page's own first load (decision 027).
import { useEffect } from 'react';
import { afterLoadWhenIdle } from '@/ui/idle';

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
