// The browser's Firebase app, for sign-in, live reads (Firebase backend) and uploads. Its config
// comes with the page (the root layout renders it into <WebConfigProvider>, decision 020), so
// nothing is fetched before Firebase starts and the backend mode is known on the first render.
import { getApp, getApps, initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  getAuth,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  signInWithCredential,
  type Auth,
} from 'firebase/auth';
import { webConfig } from './web-config-store';

export { webConfig } from './web-config-store';

const APP_NAME = 'venue';

let authPromise: Promise<Auth> | undefined;

/** The page's Firebase app (Firebase backend: Firestore and Storage use it too). */
export function firebaseApp() {
  const { authEmulatorUrl: _emulator, backend: _backend, demoOnNetwork: _demo, authMails: _mails, ...options } = webConfig();
  return getApps().some((existing) => existing.name === APP_NAME) ? getApp(APP_NAME) : initializeApp(options, APP_NAME);
}

/** Firebase Auth for this page, initialised on first use (Auth is loaded only then). */
export function firebaseAuth(): Promise<Auth> {
  authPromise ??= Promise.resolve().then(() => {
    const { authEmulatorUrl } = webConfig();
    const app = firebaseApp();
    // Without the popup/redirect helper: given it, Auth prepares Google's sign-in script and
    // iframe ahead of time on mobile browsers, a request to Google nobody asked for. The Google
    // sign-in call brings the helper itself (./sign-in.ts), on the click.
    let auth: Auth;
    try {
      auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence] });
    } catch {
      // Initialised before on this page (a hot reload in development).
      auth = getAuth(app);
    }
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
