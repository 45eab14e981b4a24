// The browser's Firebase app, initialised once from the runtime config. In the embedded backend
// it signs in against the Auth emulator; the browser uses Firebase only for sign-in here.
import { getApp, getApps, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, GoogleAuthProvider, signInWithCredential, type Auth } from 'firebase/auth';
import { FirebaseWebConfig } from '../web-config';

const CONFIG_URL = '/api/auth/config';
/** The last config seen, so a phone without signal can still restore its signed-in state. */
const CONFIG_STORAGE_KEY = 'firebaseWebConfig';
const APP_NAME = 'venue';

let authPromise: Promise<Auth> | undefined;

async function loadConfig(): Promise<FirebaseWebConfig> {
  try {
    const response = await fetch(CONFIG_URL, { cache: 'no-store' });
    if (!response.ok) throw new Error(`GET ${CONFIG_URL}: ${response.status}`);
    const config = FirebaseWebConfig.parse(await response.json());
    try {
      localStorage.setItem(CONFIG_STORAGE_KEY, JSON.stringify(config));
    } catch {
      // Storage may be full or disabled; the config is fetched again next time.
    }
    return config;
  } catch (error) {
    const stored = FirebaseWebConfig.safeParse(JSON.parse(localStorage.getItem(CONFIG_STORAGE_KEY) ?? 'null'));
    if (stored.success) return stored.data;
    throw error;
  }
}

let configPromise: Promise<FirebaseWebConfig> | undefined;

/** The runtime config, fetched once per page. */
export function webConfig(): Promise<FirebaseWebConfig> {
  configPromise ??= loadConfig();
  configPromise.catch(() => {
    configPromise = undefined;
  });
  return configPromise;
}

/** The page's Firebase app (Firebase backend: Firestore and Storage use it too). */
export async function firebaseApp() {
  const { authEmulatorUrl: _emulator, backend: _backend, demoOnNetwork: _demo, ...options } = await webConfig();
  return getApps().some((existing) => existing.name === APP_NAME) ? getApp(APP_NAME) : initializeApp(options, APP_NAME);
}

/** Firebase Auth for this page, initialised on first use. */
export function firebaseAuth(): Promise<Auth> {
  authPromise ??= webConfig().then(async ({ authEmulatorUrl }) => {
    const auth = getAuth(await firebaseApp());
    if (authEmulatorUrl && !auth.emulatorConfig) {
      connectAuthEmulator(auth, authEmulatorUrl, { disableWarnings: true });
      exposeEmulatorGoogleSignIn(auth);
    }
    return auth;
  });
  authPromise.catch(() => {
    authPromise = undefined;
  });
  return authPromise;
}

/**
 * Embedded backend only: the emulator's Google popup loads scripts from Google, which an offline
 * machine cannot reach. Tests and demos sign a Google account in with a credential the emulator
 * accepts instead; everything after the sign-in (session, roles) runs as with the popup.
 */
function exposeEmulatorGoogleSignIn(auth: Auth) {
  (window as Window & { __emulatorGoogleSignIn?: (profile: { sub: string; email: string; name?: string }) => Promise<string> }).__emulatorGoogleSignIn =
    async (profile) => {
      const credential = GoogleAuthProvider.credential(JSON.stringify({ ...profile, email_verified: true }));
      return (await signInWithCredential(auth, credential)).user.uid;
    };
}
