// The header's, the pass's and the scanner's way of showing a profile photo.

/**
 * The profile photo's address when the app serves it (GET /api/avatars): a photo a sign-in
 * provider keeps elsewhere is not loaded, so showing the header never asks another host.
 */
export function ownPhoto(photoURL: string | null): string | null {
  if (!photoURL || typeof window === 'undefined') return null;
  try {
    const url = new URL(photoURL, window.location.origin);
    return url.origin === window.location.origin && url.pathname.startsWith('/api/avatars/') ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}
