import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Auth } from 'firebase/auth';
import { TRPCClientError } from '@trpc/client';
import { provideWebConfig } from '@/firebase-client/web-config-store';
import type { FirebaseWebConfig } from '@/firebase-client/web-config';

const firebaseAuth = vi.hoisted(() => ({
  signInWithPopup: vi.fn(),
  isSignInWithEmailLink: vi.fn(),
  signInWithEmailLink: vi.fn(),
  sendSignInLinkToEmail: vi.fn(),
  sendEmailVerification: vi.fn(),
  sendPasswordResetEmail: vi.fn(),
  createUserWithEmailAndPassword: vi.fn(),
  updateProfile: vi.fn(),
  checkActionCode: vi.fn(),
  applyActionCode: vi.fn(),
  verifyPasswordResetCode: vi.fn(),
  confirmPasswordReset: vi.fn(),
}));

vi.mock('firebase/auth', async (importOriginal) => ({ ...(await importOriginal<object>()), ...firebaseAuth }));

/** The server's mail procedures, as the tab's tRPC client reaches them. */
const server = vi.hoisted(() => ({ sendSignInLink: vi.fn(), sendPasswordReset: vi.fn(), sendAddressConfirmation: vi.fn(), postSession: vi.fn() }));
vi.mock('@/trpc/browser-client', () => ({
  browserTrpcClient: () => ({
    mail: {
      sendSignInLink: { mutate: server.sendSignInLink },
      sendPasswordReset: { mutate: server.sendPasswordReset },
      sendAddressConfirmation: { mutate: server.sendAddressConfirmation },
    },
  }),
}));
vi.mock('./session-sync', () => ({ postSession: server.postSession }));

const {
  applyAddressLink,
  completeSignInLink,
  confirmedAddressToken,
  confirmUrl,
  createAccount,
  EMAIL_FOR_SIGN_IN_KEY,
  linkAction,
  passwordResetAddress,
  sendPasswordReset,
  sendSignInLink,
  sendVerificationLink,
  setNewPassword,
  signInWithGoogle,
  takeConfirmationIntoSession,
} = await import('./sign-in');

/** The page's web config, as the root layout renders it: who mails the links is the server's choice. */
function pageSays(authMails: FirebaseWebConfig['authMails']) {
  provideWebConfig({ backend: authMails === 'app' ? 'embedded' : 'firebase', apiKey: 'k', authDomain: 'venue.firebaseapp.com', projectId: 'venue', authMails });
}

/** A refusal as the tRPC client reports one: the error formatter's data. */
function refusal(data: Record<string, unknown>) {
  return new TRPCClientError('refused', { result: { error: { code: -32600, message: 'refused', data } } as never });
}

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const auth = { languageCode: null } as unknown as Auth;
const user = { uid: 'u1' };
const LINK = 'https://nordlicht.example/confirm?apiKey=k&oobCode=c&mode=signIn';

beforeEach(() => {
  vi.resetAllMocks();
  vi.stubGlobal('window', { location: { origin: 'https://nordlicht.example' } });
  pageSays('firebase');
});

describe('Google popup sign-in', () => {
  it.each([
    ['auth/popup-blocked', 'popupBlocked'],
    ['auth/popup-closed-by-user', 'popupClosed'],
    ['auth/cancelled-popup-request', 'popupCancelled'],
    ['auth/unauthorized-domain', 'unauthorizedDomain'],
    ['auth/network-request-failed', 'network'],
    ['auth/operation-not-supported-in-this-environment', 'environmentUnsupported'],
  ])('returns no user and the message for %s', async (code, key) => {
    firebaseAuth.signInWithPopup.mockRejectedValue(Object.assign(new Error(code), { code }));
    expect(await signInWithGoogle(auth, 'en')).toEqual({ user: null, error: key });
  });

  it('returns the user and asks Google in the page language', async () => {
    firebaseAuth.signInWithPopup.mockResolvedValue({ user });
    expect(await signInWithGoogle(auth, 'de')).toEqual({ user, error: null });
    expect(auth.languageCode).toBe('de');
  });
});

describe('e-mail link', () => {
  it('returns to the site origin plus /confirm, /de/confirm in German', () => {
    expect(confirmUrl('en', 'https://nordlicht.example')).toBe('https://nordlicht.example/confirm');
    expect(confirmUrl('de', 'https://nordlicht.example')).toBe('https://nordlicht.example/de/confirm');
  });

  it('keeps the address under emailForSignIn once the link is sent', async () => {
    const storage = new MemoryStorage();
    firebaseAuth.sendSignInLinkToEmail.mockResolvedValue(undefined);
    expect(await sendSignInLink(auth, ' ada@example.org ', 'de', storage)).toEqual({ error: null });
    expect(storage.getItem(EMAIL_FOR_SIGN_IN_KEY)).toBe('ada@example.org');
    expect(firebaseAuth.sendSignInLinkToEmail).toHaveBeenCalledWith(auth, 'ada@example.org', {
      url: 'https://nordlicht.example/de/confirm',
      handleCodeInApp: true,
    });
  });

  it("fails with 'Invalid sign-in link' when the address is not a sign-in link", async () => {
    firebaseAuth.isSignInWithEmailLink.mockReturnValue(false);
    expect(await completeSignInLink(auth, 'https://nordlicht.example/confirm', 'ada@example.org', new MemoryStorage())).toEqual({
      user: null,
      error: 'invalidLink',
    });
    expect(firebaseAuth.signInWithEmailLink).not.toHaveBeenCalled();
  });

  it("fails with 'Email is required' when no address is stored or given", async () => {
    firebaseAuth.isSignInWithEmailLink.mockReturnValue(true);
    expect(await completeSignInLink(auth, LINK, '  ', new MemoryStorage())).toEqual({ user: null, error: 'emailRequired' });
    expect(await completeSignInLink(auth, LINK, null, new MemoryStorage())).toEqual({ user: null, error: 'emailRequired' });
  });

  it('signs in and removes the stored address on success only', async () => {
    const storage = new MemoryStorage();
    storage.setItem(EMAIL_FOR_SIGN_IN_KEY, 'ada@example.org');
    firebaseAuth.isSignInWithEmailLink.mockReturnValue(true);
    firebaseAuth.signInWithEmailLink.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/expired-action-code' }));
    expect(await completeSignInLink(auth, LINK, 'ada@example.org', storage)).toEqual({ user: null, error: 'linkExpired' });
    expect(storage.getItem(EMAIL_FOR_SIGN_IN_KEY)).toBe('ada@example.org');
    firebaseAuth.signInWithEmailLink.mockResolvedValueOnce({ user });
    expect(await completeSignInLink(auth, LINK, 'ada@example.org', storage)).toEqual({ user, error: null });
    expect(storage.getItem(EMAIL_FOR_SIGN_IN_KEY)).toBeNull();
  });
});

describe('confirming the address', () => {
  it('sends the signed-in person the link in the page language, back to the page that asked', async () => {
    const signedIn = { languageCode: null, currentUser: user } as unknown as Auth;
    expect(await sendVerificationLink(signedIn, 'de', '/de/vip')).toEqual({ error: null });
    expect(firebaseAuth.sendEmailVerification).toHaveBeenCalledWith(user, { url: 'https://nordlicht.example/de/vip' });
    expect(signedIn.languageCode).toBe('de');
    firebaseAuth.sendEmailVerification.mockRejectedValue(Object.assign(new Error('too many'), { code: 'auth/too-many-requests' }));
    expect(await sendVerificationLink(signedIn, 'en', '/vip')).toEqual({ error: 'tooManyRequests' });
    expect(await sendVerificationLink(auth, 'en', '/vip')).toEqual({ error: 'session' });
  });

  it('gives a fresh token only once Firebase says the address is confirmed', async () => {
    const person = { emailVerified: false, reload: vi.fn(async () => {}), getIdToken: vi.fn(async () => 'fresh-token') };
    const signedIn = { currentUser: person } as unknown as Auth;
    expect(await confirmedAddressToken(signedIn)).toBeNull();
    person.reload.mockImplementation(async () => {
      person.emailVerified = true;
    });
    expect(await confirmedAddressToken(signedIn)).toBe('fresh-token');
    expect(person.getIdToken).toHaveBeenCalledWith(true);
  });
});

describe("Firebase's templates (the Firebase backend's default)", () => {
  it('asks Firebase, not the server, for the reset and the new account\'s confirmation', async () => {
    firebaseAuth.sendPasswordResetEmail.mockResolvedValue(undefined);
    expect(await sendPasswordReset(auth, ' ada@example.org ', 'de')).toEqual({ error: null });
    expect(firebaseAuth.sendPasswordResetEmail).toHaveBeenCalledWith(auth, 'ada@example.org', { url: 'https://nordlicht.example/de/login' });
    firebaseAuth.createUserWithEmailAndPassword.mockResolvedValue({ user: { uid: 'new', getIdToken: vi.fn() } });
    firebaseAuth.sendEmailVerification.mockResolvedValue(undefined);
    const untilSession = vi.fn(async () => 'ready' as const);
    expect(await createAccount(auth, { displayName: '', email: 'new@example.org', password: 'secret-12' }, untilSession)).toMatchObject({ error: null });
    expect(firebaseAuth.sendEmailVerification).toHaveBeenCalledTimes(1);
    expect(Object.values(server).some((call) => call.mock.calls.length > 0)).toBe(false);
  });
});

describe('the app mails the links (the embedded backend, or AUTH_MAILS=app)', () => {
  beforeEach(() => pageSays('app'));

  it('asks the server for a sign-in link in the page language, keeps the address, and never asks Firebase to mail', async () => {
    const storage = new MemoryStorage();
    server.sendSignInLink.mockResolvedValue(undefined);
    expect(await sendSignInLink(auth, ' ada@example.org ', 'de', storage)).toEqual({ error: null });
    expect(server.sendSignInLink).toHaveBeenCalledWith({ email: 'ada@example.org', locale: 'de' });
    expect(storage.getItem(EMAIL_FOR_SIGN_IN_KEY)).toBe('ada@example.org');
    expect(firebaseAuth.sendSignInLinkToEmail).not.toHaveBeenCalled();
  });

  it("passes on the server's limit with its seconds, and keeps no address for a link that was not sent", async () => {
    const storage = new MemoryStorage();
    server.sendSignInLink.mockRejectedValue(refusal({ code: 'TOO_MANY_REQUESTS', reason: 'rateLimited', reasonParams: { seconds: '240' } }));
    expect(await sendSignInLink(auth, 'ada@example.org', 'en', storage)).toEqual({ error: 'tooManyRequests', retryAfterSeconds: 240 });
    expect(storage.getItem(EMAIL_FOR_SIGN_IN_KEY)).toBeNull();
  });

  it('asks the server for a reset, and tells a refused address, a lost connection and anything else apart', async () => {
    server.sendPasswordReset.mockResolvedValueOnce(undefined);
    expect(await sendPasswordReset(auth, ' bo@example.org', 'en')).toEqual({ error: null });
    expect(server.sendPasswordReset).toHaveBeenCalledWith({ email: 'bo@example.org', locale: 'en' });
    expect(firebaseAuth.sendPasswordResetEmail).not.toHaveBeenCalled();
    server.sendPasswordReset.mockRejectedValueOnce(refusal({ code: 'BAD_REQUEST', reason: 'invalidRequest', zodIssues: [{ path: ['email'], code: 'invalid_format', message: 'email' }] }));
    expect(await sendPasswordReset(auth, 'bo@', 'en')).toEqual({ error: 'invalidEmail' });
    server.sendPasswordReset.mockRejectedValueOnce(new TRPCClientError('Failed to fetch'));
    expect(await sendPasswordReset(auth, 'bo@example.org', 'en')).toEqual({ error: 'network' });
    server.sendPasswordReset.mockRejectedValueOnce(new Error('boom'));
    expect(await sendPasswordReset(auth, 'bo@example.org', 'en')).toEqual({ error: 'unknown' });
  });

  it("asks the server to confirm the session's own address; without a session it says so", async () => {
    server.sendAddressConfirmation.mockResolvedValueOnce('sent');
    // No Firebase user is needed: the server mails the session's address.
    expect(await sendVerificationLink(auth, 'de', '/de/vip')).toEqual({ error: null });
    expect(firebaseAuth.sendEmailVerification).not.toHaveBeenCalled();
    server.sendAddressConfirmation.mockRejectedValueOnce(refusal({ code: 'UNAUTHORIZED', reason: null }));
    expect(await sendVerificationLink(auth, 'de', '/de/vip')).toEqual({ error: 'session' });
  });

  it("a new account's confirmation is asked for once its session exists, not before and not without one", async () => {
    let sessionReady!: (outcome: 'ready' | 'refused') => void;
    const untilSession = vi.fn(() => new Promise<'ready' | 'refused'>((resolve) => (sessionReady = resolve)));
    firebaseAuth.createUserWithEmailAndPassword.mockResolvedValue({ user: { uid: 'new', getIdToken: vi.fn() } });
    server.sendAddressConfirmation.mockResolvedValue('sent');
    expect(await createAccount(auth, { displayName: '', email: 'new@example.org', password: 'secret-12' }, untilSession)).toMatchObject({ error: null });
    expect(untilSession).toHaveBeenCalledWith('new');
    expect(server.sendAddressConfirmation).not.toHaveBeenCalled();
    sessionReady('ready');
    await vi.waitFor(() => expect(server.sendAddressConfirmation).toHaveBeenCalledTimes(1));
    expect(firebaseAuth.sendEmailVerification).not.toHaveBeenCalled();

    await createAccount(auth, { displayName: '', email: 'other@example.org', password: 'secret-12' }, untilSession);
    sessionReady('refused');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.sendAddressConfirmation).toHaveBeenCalledTimes(1);
  });
});

describe('the links /confirm completes', () => {
  it('reads what a link is for and its code; a link without a mode is a sign-in link to check', () => {
    expect(linkAction('https://nordlicht.example/de/confirm?mode=verifyEmail&oobCode=abc&apiKey=k&lang=de')).toEqual({ mode: 'verifyEmail', oobCode: 'abc' });
    expect(linkAction('https://nordlicht.example/confirm?mode=resetPassword&oobCode=r1&apiKey=k')).toEqual({ mode: 'resetPassword', oobCode: 'r1' });
    expect(linkAction('https://nordlicht.example/confirm?mode=signIn&oobCode=s&apiKey=k')).toEqual({ mode: 'signIn', oobCode: 's' });
    expect(linkAction('https://nordlicht.example/confirm')).toEqual({ mode: 'signIn', oobCode: null });
    expect(linkAction('https://nordlicht.example/confirm?mode=recoverEmail&oobCode=x')).toEqual({ mode: 'signIn', oobCode: 'x' });
  });

  it('confirms an address with its code, and spends no code that is not a confirmation', async () => {
    firebaseAuth.checkActionCode.mockResolvedValueOnce({ operation: 'VERIFY_EMAIL', data: { email: 'ada@example.org' } });
    expect(await applyAddressLink(auth, 'abc')).toEqual({ email: 'ada@example.org', error: null });
    expect(firebaseAuth.applyActionCode).toHaveBeenCalledWith(auth, 'abc');
    firebaseAuth.applyActionCode.mockClear();
    firebaseAuth.checkActionCode.mockResolvedValueOnce({ operation: 'PASSWORD_RESET', data: { email: 'ada@example.org' } });
    expect(await applyAddressLink(auth, 'reset-code')).toEqual({ email: null, error: 'invalidLink' });
    expect(await applyAddressLink(auth, null)).toEqual({ email: null, error: 'invalidLink' });
    firebaseAuth.checkActionCode.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/expired-action-code' }));
    expect(await applyAddressLink(auth, 'old')).toEqual({ email: null, error: 'linkExpired' });
    expect(firebaseAuth.applyActionCode).not.toHaveBeenCalled();
  });

  it("reads a reset link's address without spending it, then sets the new password with Firebase's own rules", async () => {
    firebaseAuth.verifyPasswordResetCode.mockResolvedValueOnce('bo@example.org');
    expect(await passwordResetAddress(auth, 'r1')).toEqual({ email: 'bo@example.org', error: null });
    firebaseAuth.verifyPasswordResetCode.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/invalid-action-code' }));
    expect(await passwordResetAddress(auth, 'used')).toEqual({ email: null, error: 'invalidLink' });
    expect(await passwordResetAddress(auth, null)).toEqual({ email: null, error: 'invalidLink' });
    firebaseAuth.confirmPasswordReset.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/weak-password' }));
    expect(await setNewPassword(auth, 'r1', 'abc')).toEqual({ error: 'weakPassword' });
    firebaseAuth.confirmPasswordReset.mockResolvedValueOnce(undefined);
    expect(await setNewPassword(auth, 'r1', 'long-enough-7')).toEqual({ error: null });
    expect(firebaseAuth.confirmPasswordReset).toHaveBeenLastCalledWith(auth, 'r1', 'long-enough-7');
  });

  it('takes a confirmed address into the server session with a fresh token, and says when there is none to renew', async () => {
    const person = { emailVerified: true, reload: vi.fn(async () => {}), getIdToken: vi.fn(async () => 'fresh-token') };
    const signedIn = { currentUser: person } as unknown as Auth;
    server.postSession.mockResolvedValueOnce('ready');
    expect(await takeConfirmationIntoSession(signedIn)).toBe('confirmed');
    expect(server.postSession).toHaveBeenCalledWith('fresh-token');
    server.postSession.mockResolvedValueOnce('refused');
    expect(await takeConfirmationIntoSession(signedIn)).toBe('noSession');
    person.emailVerified = false;
    expect(await takeConfirmationIntoSession(signedIn)).toBe('notYet');
    expect(await takeConfirmationIntoSession(auth)).toBe('notYet');
  });
});
