// What the Firebase-mode tests reach behind the app: the Auth emulator over its REST API, and the
// Firestore stand-in through firebase-admin, as an operator would use the Firebase console.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

// Google's auth library would ping the cloud metadata server (169.254.169.254) for credentials.
process.env.METADATA_SERVER_DETECTION ??= 'none';

export const FIREBASE_AUTH_EMULATOR = process.env.E2E_FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9399';
const PROJECT_ID = 'demo-venue';

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.org`;
}

/** Creates an account at the Auth emulator, its address confirmed (as its link would; a membership asks for it). */
export async function signUpAt(email: string, password: string): Promise<{ localId: string }> {
  const response = await fetch(`http://${FIREBASE_AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`Auth emulator signUp: ${response.status} ${await response.text()}`);
  const created = (await response.json()) as { localId: string };
  const confirmed = await fetch(`http://${FIREBASE_AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: created.localId, emailVerified: true }),
  });
  if (!confirmed.ok) throw new Error(`Auth emulator accounts:update: ${confirmed.status} ${await confirmed.text()}`);
  return created;
}

let db: Firestore | undefined;

/** The app's Firestore (the stand-in the launcher started; its address is in the data directory). */
export async function firestore(): Promise<Firestore> {
  if (db) return db;
  const dataDir = process.env.E2E_FIREBASE_DATA_DIR;
  if (!dataDir) throw new Error('E2E_FIREBASE_DATA_DIR is not set (see playwright.config.ts).');
  const host = readFileSync(join(dataDir, 'firestore-host'), 'utf8').trim();
  const app = getApps().find((existing) => existing.name === 'e2e-firebase') ?? initializeApp({ projectId: PROJECT_ID }, 'e2e-firebase');
  db = getFirestore(app);
  db.settings({ host, ssl: false });
  return db;
}

/** A fresh ID token of an account at the Auth emulator, as the browser's sign-in gets one. */
export async function idTokenAt(email: string, password: string): Promise<string> {
  const response = await fetch(`http://${FIREBASE_AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`Auth emulator signInWithPassword: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

/**
 * The second server of the deployment (playwright.config.ts): the standalone build, in a process
 * of its own, on the same store and Auth emulator with the same keys.
 */
export function secondServer(): string {
  const url = process.env.E2E_FIREBASE_SECOND_BASE_URL;
  if (!url) throw new Error('E2E_FIREBASE_SECOND_BASE_URL is not set (see playwright.config.ts).');
  return url;
}
