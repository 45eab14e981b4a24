// The sign-in methods of the login and confirm pages. Each returns the signed-in user, or no user
// and the key of the message to show (specification: "a user and an error, or a null user and
// the error text"); nothing here throws at the page. The mails with sign-in links, address
// confirmations and resets go out through the server's mail procedures where the app sends them
// (the page's web config says so: always on the embedded backend), else through Firebase Auth,
// whose templates mail them; the links of both are completed on /confirm.
import { TRPCClientError } from '@trpc/client';
import {
  applyActionCode,
  checkActionCode,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  isSignInWithEmailLink,
  verifyPasswordResetCode,
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
import { webConfig } from '@/firebase-client/web-config-store';
import { browserTrpcClient } from '@/trpc/browser-client';
import { apiErrorData, apiErrorIssues } from '@/trpc/errors';
import { AuthFlowError, authErrorKey, type AuthErrorKey } from './auth-errors';
import { postSession, type SessionOutcome } from './session-sync';

export type SignInResult = { user: User; error: null } | { user: null; error: AuthErrorKey };
/** A mail asked for, or why not; a limit's refusal says how long to wait. */
export type SendResult = { error: AuthErrorKey | null; retryAfterSeconds?: number };

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

/** Whether the server mails sign-in links, confirmations and resets (it decided; the page was told). */
function appMails(): boolean {
  return webConfig().authMails === 'app';
}

/** A refusal of the server's mail procedures, in the sign-in forms' terms. */
function mailRefusal(error: unknown): SendResult {
  if (!(error instanceof TRPCClientError)) return { error: 'unknown' };
  const data = apiErrorData(error);
  if (!data) return { error: 'network' };
  if (data.reason === 'rateLimited') {
    const seconds = Number(data.reasonParams?.seconds);
    return Number.isFinite(seconds) ? { error: 'tooManyRequests', retryAfterSeconds: seconds } : { error: 'tooManyRequests' };
  }
  if (data.code === 'UNAUTHORIZED') return { error: 'session' };
  if (apiErrorIssues(error).some((issue) => issue.path[0] === 'email')) return { error: 'invalidEmail' };
  return { error: 'unknown' };
}

async function askServer(call: () => Promise<unknown>): Promise<SendResult> {
  try {
    await call();
    return { error: null };
  } catch (error) {
    return mailRefusal(error);
  }
}

export function signInWithPassword(auth: Auth, email: string, password: string): Promise<SignInResult> {
  return attempt(async () => (await signInWithEmailAndPassword(auth, email.trim(), password)).user);
}

/**
 * Creates a password account and signs it in. `untilSession` resolves once the server session of
 * the new account exists: the app's confirmation mail goes to the session's own address.
 */
export function createAccount(
  auth: Auth,
  input: { displayName: string; email: string; password: string },
  untilSession: (uid: string) => Promise<SessionOutcome>,
): Promise<SignInResult> {
  return attempt(async () => {
    const { user } = await createUserWithEmailAndPassword(auth, input.email.trim(), input.password);
    // The address is confirmed by a link (a membership asks for it); the account works meanwhile,
    // and a failed mail is sent again from the membership offer.
    if (appMails()) {
      void untilSession(user.uid)
        .then((outcome) => (outcome === 'ready' ? browserTrpcClient().mail.sendAddressConfirmation.mutate() : undefined))
        .catch(() => undefined);
    } else {
      void sendEmailVerification(user).catch(() => undefined);
    }
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
  if (appMails()) return askServer(() => browserTrpcClient().mail.sendPasswordReset.mutate({ email: email.trim(), locale }));
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

export async function sendSignInLink(auth: Auth, email: string, locale: Locale, storage: Storage = localStorage): Promise<SendResult> {
  const address = email.trim();
  if (appMails()) {
    const result = await askServer(() => browserTrpcClient().mail.sendSignInLink.mutate({ email: address, locale }));
    if (!result.error) storage.setItem(EMAIL_FOR_SIGN_IN_KEY, address);
    return result;
  }
  auth.languageCode = locale;
  return send(async () => {
    await sendSignInLinkToEmail(auth, address, { url: confirmUrl(locale), handleCodeInApp: true });
    storage.setItem(EMAIL_FOR_SIGN_IN_KEY, address);
  });
}

/**
 * Sends the signed-in person the link that confirms their address: the app's mail (to the server
 * session's address, in their language), or Firebase's, returning to `returnPath`.
 */
export function sendVerificationLink(auth: Auth, locale: Locale, returnPath: string, origin = window.location.origin): Promise<SendResult> {
  if (appMails()) return askServer(() => browserTrpcClient().mail.sendAddressConfirmation.mutate());
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

/**
 * Takes a confirmed address into the server session: a fresh ID token that says so renews it.
 * `notYet` while Firebase does not say so (the link not followed), `noSession` when the server has
 * no session of this browser's account to renew (signed in elsewhere, or it ended).
 */
export async function takeConfirmationIntoSession(auth: Auth): Promise<'confirmed' | 'notYet' | 'noSession'> {
  const token = await confirmedAddressToken(auth);
  if (!token) return 'notYet';
  return (await postSession(token)) === 'ready' ? 'confirmed' : 'noSession';
}

/** What the links that lead to /confirm are for, as Firebase names them in `mode`. */
export type LinkMode = 'signIn' | 'verifyEmail' | 'resetPassword';

/**
 * What a /confirm link asks for and its one-time code. A link without a mode is taken for a
 * sign-in link, whose own check then says whether it is one.
 */
export function linkAction(href: string): { mode: LinkMode; oobCode: string | null } {
  const params = new URL(href).searchParams;
  const mode = params.get('mode');
  return { mode: mode === 'verifyEmail' || mode === 'resetPassword' ? mode : 'signIn', oobCode: params.get('oobCode') || null };
}

/** Confirms an address with the code of its link: the address confirmed, or why not. */
export async function applyAddressLink(auth: Auth, oobCode: string | null): Promise<{ email: string; error: null } | { email: null; error: AuthErrorKey }> {
  try {
    if (!oobCode) throw new AuthFlowError('invalidLink');
    // Read first: a code of another kind (a reset's) must not be spent here.
    const info = await checkActionCode(auth, oobCode);
    if (info.operation !== 'VERIFY_EMAIL' || !info.data.email) throw new AuthFlowError('invalidLink');
    await applyActionCode(auth, oobCode);
    return { email: info.data.email, error: null };
  } catch (error) {
    return { email: null, error: authErrorKey(error) };
  }
}

/** The address whose password a reset link changes, or why the link cannot be used; spends nothing. */
export async function passwordResetAddress(auth: Auth, oobCode: string | null): Promise<{ email: string; error: null } | { email: null; error: AuthErrorKey }> {
  try {
    if (!oobCode) throw new AuthFlowError('invalidLink');
    return { email: await verifyPasswordResetCode(auth, oobCode), error: null };
  } catch (error) {
    return { email: null, error: authErrorKey(error) };
  }
}

/** Sets the new password with the reset link's code (signing in with it is the next step). */
export function setNewPassword(auth: Auth, oobCode: string, password: string): Promise<SendResult> {
  return send(() => confirmPasswordReset(auth, oobCode, password));
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
