// Builds the browser's Firebase config from the validated environment.
import 'server-only';
import { env, type Env } from '@/server/env';
import { storageUnavailableReason } from '@/server/files/storage-availability';
import type { FirebaseWebConfig } from '@/firebase-client/web-config';
import { exposureOf } from '@/server/http/exposure';
import { authMailsOf } from '@/server/mail/mail';

export function firebaseWebConfig(
  source: Env = env,
  emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST,
  storageEmulatorHost = process.env.FIREBASE_STORAGE_EMULATOR_HOST,
): FirebaseWebConfig {
  if (source.BACKEND === 'embedded') {
    return {
      backend: 'embedded',
      // The emulator accepts any key; a demo- project never reaches Google.
      apiKey: 'demo-key',
      authDomain: `${source.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      projectId: source.FIREBASE_PROJECT_ID,
      authEmulatorUrl: source.AUTH_EMULATOR_URL ?? `http://${emulatorHost ?? '127.0.0.1:9099'}`,
      authMails: authMailsOf(source),
      ...(exposureOf(source) === 'network-demo' ? { demoOnNetwork: true } : {}),
    };
  }
  const storage = storageUnavailableReason(source, storageEmulatorHost) === null;
  return {
    backend: 'firebase',
    apiKey: source.FIREBASE_API_KEY!,
    authDomain: source.FIREBASE_AUTH_DOMAIN!,
    projectId: source.FIREBASE_PROJECT_ID,
    appId: source.FIREBASE_APP_ID,
    // Absent when this deployment has no Storage: the image library says so instead of failing.
    storageBucket: storage ? source.FIREBASE_STORAGE_BUCKET : undefined,
    messagingSenderId: source.FIREBASE_MESSAGING_SENDER_ID,
    authMails: authMailsOf(source),
    // Emulator tests only (env.ts refuses it with a real project): the server trusts the Auth
    // emulator, so the browser must sign in there too.
    ...(source.FIREBASE_AUTH_EMULATOR_HOST ? { authEmulatorUrl: `http://${source.FIREBASE_AUTH_EMULATOR_HOST}` } : {}),
  };
}
