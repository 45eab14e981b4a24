// The sign-in methods of the login and confirm pages. Each returns the signed-in user, or no user
// and the key of the message to show (specification: "a user and an error, or a null user and
// the error text"); nothing here throws at the page.
import {
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  isSignInWithEmailLink,
  sendEmailVerification,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  signInWithPopup,
  browserPopupRedirectResolver,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import { localizedPath, type Locale } from '@/i18n/routing';
import { AuthFlowError, authErrorKey, type AuthErrorKey } from './auth-errors';

export type SignInResult = { user: User; error: null } | { user: null; error: AuthErrorKey };
export type SendResult = { error: AuthErrorKey | null };

/** Specification: the address is kept here between sending the link and completing sign-in. */
export const EMAIL_FOR_SIGN_IN_KEY = 'emailForSignIn';

async function attempt(signIn: () => Promise<User>): Promise<SignInResult> {
  try {
    return { user: await signIn(), error: null };
  } catch (error) {
    return { user: null, error: authErrorKey(error) };
  }
}

async function send(action: () => Promise<void>): Promise<SendResult> {
  try {
    await action();
    return { error: null };
  } catch (error) {
    return { error: authErrorKey(error) };
  }
}

export function signInWithPassword(auth: Auth, email: string, password: string): Promise<SignInResult> {
  return attempt(async () => (await signInWithEmailAndPassword(auth, email.trim(), password)).user);
}

export function createAccount(auth: Auth, input: { displayName: string; email: string; password: string }): Promise<SignInResult> {
  return attempt(async () => {
    const { user } = await createUserWithEmailAndPassword(auth, input.email.trim(), input.password);
    // The address is confirmed by a link (a membership asks for it); the account works meanwhile.
    void sendEmailVerification(user).catch(() => undefined);
    const displayName = input.displayName.trim();
    if (displayName) {
      await updateProfile(user, { displayName });
      // A new token carries the name, and its change renews the server session with it.
      await user.getIdToken(true);
    }
    return user;
  });
}

export function sendPasswordReset(auth: Auth, email: string, locale: Locale): Promise<SendResult> {
  auth.languageCode = locale;
  return send(() => sendPasswordResetEmail(auth, email.trim(), { url: signInUrl(locale) }));
}

/** Where an e-mail link returns to: the site's origin plus /confirm (/de/confirm in German). */
export function confirmUrl(locale: Locale, origin = window.location.origin): string {
  return `${origin}${localizedPath(locale, '/confirm')}`;
}

function signInUrl(locale: Locale, origin = window.location.origin): string {
  return `${origin}${localizedPath(locale, '/login')}`;
}

export function sendSignInLink(auth: Auth, email: string, locale: Locale, storage: Storage = localStorage): Promise<SendResult> {
  auth.languageCode = locale;
  const address = email.trim();
  return send(async () => {
    await sendSignInLinkToEmail(auth, address, { url: confirmUrl(locale), handleCodeInApp: true });
    storage.setItem(EMAIL_FOR_SIGN_IN_KEY, address);
  });
}

/** Sends the signed-in person the link that confirms their address, returning to `returnPath`. */
export function sendVerificationLink(auth: Auth, locale: Locale, returnPath: string, origin = window.location.origin): Promise<SendResult> {
  auth.languageCode = locale;
  const user = auth.currentUser;
  if (!user) return Promise.resolve({ error: 'session' });
  return send(() => sendEmailVerification(user, { url: `${origin}${returnPath}` }));
}

/**
 * Once the person followed the link: a new ID token that says the address is confirmed (for the
 * server session to take in), or null while Firebase does not say so yet.
 */
export async function confirmedAddressToken(auth: Auth): Promise<string | null> {
  const user = auth.currentUser;
  if (!user) return null;
  await user.reload();
  return user.emailVerified ? user.getIdToken(true) : null;
}

export function isSignInLink(auth: Auth, href: string): boolean {
  return isSignInWithEmailLink(auth, href);
}

/**
 * Completes an e-mail link sign-in on /confirm. `email` is the stored address or, when none was
 * stored (another device), what the person typed when asked for it.
 */
export function completeSignInLink(auth: Auth, href: string, email: string | null, storage: Storage = localStorage): Promise<SignInResult> {
  return attempt(async () => {
    if (!isSignInWithEmailLink(auth, href)) throw new AuthFlowError('invalidLink');
    const address = email?.trim();
    if (!address) throw new AuthFlowError('emailRequired');
    const { user } = await signInWithEmailLink(auth, address, href);
    storage.removeItem(EMAIL_FOR_SIGN_IN_KEY);
    return user;
  });
}

/** Google in a popup (the SDK opens it at 500 by 600 pixels, as the specification has it). */
export function signInWithGoogle(auth: Auth, locale: Locale): Promise<SignInResult> {
  auth.languageCode = locale;
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  // The popup helper only now (Auth starts without it, so no page asks Google for anything earlier).
  return attempt(async () => (await signInWithPopup(auth, provider, browserPopupRedirectResolver)).user);
}
