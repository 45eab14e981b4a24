// Keeps the server session in step with the browser's Firebase sign-in: POST /api/session with
// each fresh ID token, DELETE when signed out.

/** Specification: a token is synced only if it was issued under 5 minutes ago. */
export const TOKEN_SYNC_MAX_AGE_MS = 5 * 60 * 1000;
/** Non-secret marker of which account last had a server session in this browser. */
export const SESSION_MARKER_KEY = 'sessionUid';

export function isFreshToken(issuedAt: string, now = Date.now()): boolean {
  const issued = Date.parse(issuedAt);
  return Number.isFinite(issued) && now - issued < TOKEN_SYNC_MAX_AGE_MS;
}

export type SessionOutcome = 'ready' | 'refused' | 'failed';

export async function postSession(idToken: string): Promise<SessionOutcome> {
  try {
    const response = await fetch('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The page's language: a new account's first language (the server ignores any other value).
      body: JSON.stringify({ idToken, locale: document.documentElement.lang }),
      credentials: 'same-origin',
    });
    if (response.ok) return 'ready';
    return response.status === 401 ? 'refused' : 'failed';
  } catch {
    return 'failed';
  }
}

export async function deleteSession(): Promise<void> {
  try {
    await fetch('/api/session', { method: 'DELETE', credentials: 'same-origin' });
  } catch {
    // Offline: the cookie expires on its own and the server refuses it after sign-out anyway.
  }
}

export function readSessionMarker(): string | null {
  try {
    return localStorage.getItem(SESSION_MARKER_KEY);
  } catch {
    return null;
  }
}

export function writeSessionMarker(uid: string | null): void {
  try {
    if (uid) localStorage.setItem(SESSION_MARKER_KEY, uid);
    else localStorage.removeItem(SESSION_MARKER_KEY);
  } catch {
    // Without storage the session still works; only the sign-out clean-up on load is skipped.
  }
}
