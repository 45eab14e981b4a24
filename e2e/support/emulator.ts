// The Auth emulator of the server under test (see playwright.config.ts), driven over its REST API.
export const AUTH_EMULATOR = process.env.E2E_AUTH_EMULATOR_HOST ?? '127.0.0.1:9299';
export const PROJECT_ID = process.env.FIREBASE_PROJECT_ID ?? 'demo-venue';
const API = `http://${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1`;

async function call<T>(path: string, body: unknown, admin = false): Promise<T> {
  const response = await fetch(`${API}/${path}${admin ? '' : '?key=demo-key'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(admin ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Auth emulator ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.org`;
}

/**
 * Creates an account and returns a fresh ID token for it. Its address is confirmed, as if the
 * person had followed the link sent at sign-up (a membership asks for it), unless `confirmed` is false.
 */
export async function signUp(email: string, password = 'correct-horse-7', { confirmed = true } = {}) {
  const created = await call<{ idToken: string; localId: string }>('accounts:signUp', { email, password, returnSecureToken: true });
  if (!confirmed) return created;
  await confirmAddress(created.localId);
  return signInWithPassword(email, password);
}

/** What opening an e-mailed link does with its code (confirming an address, here). */
export function applyCode(oobCode: string) {
  return call('accounts:update', { oobCode });
}

/** What following the link that confirms an address does, without the link. */
export function confirmAddress(uid: string) {
  return call(`projects/${PROJECT_ID}/accounts:update`, { localId: uid, emailVerified: true }, true);
}

export function disableAccount(uid: string) {
  return call(`projects/${PROJECT_ID}/accounts:update`, { localId: uid, disableUser: true }, true);
}

/** A fresh ID token for an existing account (password sign-in over the emulator's REST API). */
export function signInWithPassword(email: string, password: string) {
  return call<{ idToken: string; localId: string }>('accounts:signInWithPassword', { email, password, returnSecureToken: true });
}

interface OobCode {
  email: string;
  requestType: 'PASSWORD_RESET' | 'EMAIL_SIGNIN' | 'VERIFY_EMAIL';
  oobLink: string;
  oobCode: string;
}

/** The e-mails the emulator would have sent, newest last. */
export async function oobCodes(email?: string): Promise<OobCode[]> {
  const response = await fetch(`http://${AUTH_EMULATOR}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes: codes } = (await response.json()) as { oobCodes: OobCode[] };
  return email ? codes.filter((code) => code.email === email) : codes;
}
