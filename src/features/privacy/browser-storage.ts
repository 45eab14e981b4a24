// Everything the app stores in a visitor's browser, in one table: the privacy notice on /impressum
// renders it, and the browser test that tours every route fails on anything stored that this
// table does not list, so a feature that stores something must add it here (and so to the
// notice). Only what a feature needs: no analytics, no tracking, no consent banner needed.
// Plain data, no imports: the notice, the server and the browser test all read it.

export type StorageKind = 'cookie' | 'localStorage' | 'sessionStorage' | 'indexedDB' | 'cache';

export interface StoredItem {
  kind: StorageKind;
  /** The exact name, or with `prefix`, the start of the names (a cache per build or release). */
  name: string;
  prefix?: true;
  /** Messages key under Privacy.storage.<key>: purpose and lifetime. */
  key: string;
  /** Only with the Firebase backend (Firebase's own client stores it). */
  firebaseOnly?: true;
}

export const BROWSER_STORAGE: readonly StoredItem[] = [
  { kind: 'cookie', name: '__session', key: 'session' },
  { kind: 'cookie', name: 'NEXT_LOCALE', key: 'locale' },
  { kind: 'localStorage', name: 'sessionUid', key: 'sessionUid' },
  { kind: 'localStorage', name: 'emailForSignIn', key: 'emailForSignIn' },
  { kind: 'localStorage', name: 'signInReturnPath', key: 'signInReturnPath' },
  { kind: 'localStorage', name: 'installPromptDismissed', key: 'installPromptDismissed' },
  { kind: 'localStorage', name: 'scannerDoorName', key: 'scannerDoorName' },
  { kind: 'localStorage', name: 'pushRegistration', key: 'pushRegistration' },
  { kind: 'sessionStorage', name: 'app:version-reloads', key: 'versionReloads' },
  { kind: 'indexedDB', name: 'venue-pass', key: 'pass' },
  { kind: 'indexedDB', name: 'venue-door', key: 'doorList' },
  { kind: 'indexedDB', name: 'firebaseLocalStorageDb', key: 'firebaseAuth' },
  { kind: 'indexedDB', name: 'firebase-heartbeat-database', key: 'firebaseHeartbeat' },
  { kind: 'indexedDB', name: 'validate-browser-context-for-indexeddb-analytics-module', key: 'firebaseCheck' },
  { kind: 'indexedDB', name: 'serwist-expiration', key: 'cacheExpiry' },
  { kind: 'indexedDB', name: 'firebase-messaging-database', key: 'firebaseMessaging', firebaseOnly: true },
  { kind: 'indexedDB', name: 'firebase-installations-database', key: 'firebaseInstallations', firebaseOnly: true },
  { kind: 'indexedDB', name: 'firestore/', prefix: true, key: 'firestore', firebaseOnly: true },
  // The service worker's caches (src/features/pwa/private-caches.ts, WORKER_CACHES).
  { kind: 'cache', name: 'serwist-precache', prefix: true, key: 'appFiles' },
  { kind: 'cache', name: 'build-files', key: 'appFiles' },
  { kind: 'cache', name: 'site-files', key: 'appFiles' },
  { kind: 'cache', name: 'scanner-decoder', key: 'scannerDecoder' },
  { kind: 'cache', name: 'public-pages', key: 'publicPages' },
  { kind: 'cache', name: 'offline-shells', key: 'offlineShells' },
  { kind: 'cache', name: 'ticket-pages', key: 'ticketPages' },
];

/** The table's entry for something stored in the browser, or undefined when it is not listed. */
export function listedIn(kind: StorageKind, name: string, table: readonly StoredItem[] = BROWSER_STORAGE): StoredItem | undefined {
  return table.find((item) => item.kind === kind && (item.prefix ? name.startsWith(item.name) : name === item.name));
}
