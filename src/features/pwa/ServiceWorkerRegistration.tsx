'use client';
// Registers the service worker at /sw.js with scope / and reloads the page once an updated worker
// takes control (the first install takes control without a reload).
import { useEffect } from 'react';

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
    container.register('/sw.js', { scope: '/', type: 'module' }).catch((error: unknown) => {
      console.error('Service worker registration failed:', error);
    });
    return () => container.removeEventListener('controllerchange', onControllerChange);
  }, []);
  return null;
}
