// The one place that chooses the push adapter, from BACKEND.
import 'server-only';
import { getMessaging } from 'firebase-admin/messaging';
import { env } from '@/server/env';
import { adminApp } from '@/server/firebase/admin';
import { createFcmPush } from './fcm';
import type { Push } from './port';
import { createWebPush, loadOrCreateVapidKeys, vapidSubject } from './web-push';

export { vapidKeysFile } from './web-push';

const holder = globalThis as typeof globalThis & { __venuePush?: Push };

/** This server's push adapter, created once per process (the VAPID keys are read once). */
export function getPush(): Push {
  return (holder.__venuePush ??= createPush());
}

function createPush(): Push {
  if (env.BACKEND === 'embedded') {
    return createWebPush({ keys: loadOrCreateVapidKeys(env.DATA_DIR), subject: vapidSubject(env.SITE_URL) });
  }
  // Without FIREBASE_VAPID_KEY browsers subscribe with the Firebase SDK's default key.
  return createFcmPush(getMessaging(adminApp()), env.FIREBASE_VAPID_KEY ?? null, env.SITE_URL);
}
