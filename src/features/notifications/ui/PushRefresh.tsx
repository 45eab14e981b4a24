'use client';
// Keeps this device's push registration current for the signed-in person: on every start, when
// the page's language changes (the server writes each device's messages in its language), and,
// for an app left open for days, once a day when the registration has become 7 days old.
// Its code (and the tRPC client) is fetched only once someone is signed in: public pages load
// nothing for it.
import { useEffect } from 'react';
import { useLocale } from 'next-intl';
import { useViewerState } from '@/features/identity/client/ViewerProvider';

const DAY_MS = 24 * 60 * 60 * 1000;

export function PushRefresh() {
  // The person the server knows: the push procedures are for signed-in callers.
  const uid = useViewerState().person?.uid;
  const lang = useLocale();

  useEffect(() => {
    if (!uid) return;
    const refresh = (onlyWhenDue: boolean) =>
      Promise.all([import('../client/push-registration'), import('@/trpc/browser-client')])
        .then(([{ refreshPushRegistration }, { browserTrpcClient }]) => refreshPushRegistration(browserTrpcClient(), { uid, lang }, localStorage, Date.now(), { onlyWhenDue }))
        .then((outcome) => {
          // Nobody is waiting for it on this page; the record is unchanged, so the next start tries again.
          if (outcome.status === 'failed') console.warn(`Refreshing this device's push registration failed (${outcome.reason}); the next start tries again.`, outcome.error ?? '');
        })
        .catch((error: unknown) => console.warn("Refreshing this device's push registration could not start; the next start tries again.", error));
    void refresh(false);
    const daily = setInterval(() => void refresh(true), DAY_MS);
    return () => clearInterval(daily);
  }, [uid, lang]);

  return null;
}
