import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Auth } from 'firebase/auth';

const firebaseAuth = vi.hoisted(() => ({
  signInWithPopup: vi.fn(),
  isSignInWithEmailLink: vi.fn(),
  signInWithEmailLink: vi.fn(),
  sendSignInLinkToEmail: vi.fn(),
  sendEmailVerification: vi.fn(),
}));

vi.mock('firebase/auth', async (importOriginal) => ({ ...(await importOriginal<object>()), ...firebaseAuth }));

const { completeSignInLink, confirmedAddressToken, confirmUrl, EMAIL_FOR_SIGN_IN_KEY, sendSignInLink, sendVerificationLink, signInWithGoogle } = await import('./sign-in');

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
