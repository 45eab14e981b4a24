'use client';
// Once an offline shell (the pass, the scanner) shows online, its page is kept for opening without
// signal, however the person got there (a link inside the app loads no page the worker could
// keep). Where there is no cache storage, or the fetch fails, the next page load keeps it instead.
import { useEffect } from 'react';
import { keepOfflineShell } from './private-caches';

export function useKeptForOffline(online: boolean) {
  useEffect(() => {
    if (!online || typeof caches === 'undefined') return;
    void keepOfflineShell(window.location.pathname).catch(() => false);
  }, [online]);
}
