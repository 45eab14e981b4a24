// Asks the server who is signed in (identity.me) with a plain GET to the tRPC endpoint, so the
// header's role refresh needs neither the tRPC client nor React Query on every page (decision 027).
import type { ViewerPerson } from './viewer-person';

export type ServerViewer =
  | { status: 'signed-in'; person: ViewerPerson }
  /** The server does not accept the session (signed out elsewhere, disabled, expired). */
  | { status: 'signed-out' }
  /** No answer: offline, or the server is down. */
  | { status: 'unreachable' }
  /** The server answered with another error. */
  | { status: 'failed' };

export const IDENTITY_ME_PATH = '/api/trpc/identity.me';

/** One question to the server; never throws. */
export async function fetchServerViewer(fetcher: typeof fetch = fetch): Promise<ServerViewer> {
  let response: Response;
  try {
    // The page's language, as the app's tRPC client sends it: the server keeps it as the person's (their mail's).
    const headers: Record<string, string> = { accept: 'application/json' };
    if (typeof document !== 'undefined' && document.documentElement.lang) headers['x-locale'] = document.documentElement.lang;
    response = await fetcher(IDENTITY_ME_PATH, { headers, cache: 'no-store', credentials: 'same-origin' });
  } catch {
    return { status: 'unreachable' };
  }
  // tRPC's answer with the superjson transformer: { result: { data: { json } } } or { error: { json } }.
  const body = (await response.json().catch(() => null)) as { result?: { data?: { json?: unknown } }; error?: { json?: { data?: { code?: string } } } } | null;
  if (response.ok) {
    const person = personOf(body?.result?.data?.json);
    return person ? { status: 'signed-in', person } : { status: 'failed' };
  }
  if (response.status === 401 || body?.error?.json?.data?.code === 'UNAUTHORIZED') return { status: 'signed-out' };
  // A proxy or the network answered for a server out of reach (no tRPC error in the body).
  return body?.error ? { status: 'failed' } : { status: 'unreachable' };
}

function personOf(value: unknown): ViewerPerson | null {
  if (typeof value !== 'object' || value === null) return null;
  const data = value as Record<string, unknown>;
  if (typeof data.uid !== 'string') return null;
  const text = (field: unknown) => (typeof field === 'string' ? field : null);
  return { uid: data.uid, email: text(data.email), displayName: text(data.displayName), photoURL: text(data.photoURL), role: text(data.role) as ViewerPerson['role'] };
}

// A page that changed what the header shows (the profile's name or photo) asks for a fresh answer.
const listeners = new Set<() => void>();

/** Asks every open <ViewerProvider> to check with the server now. */
export function refreshServerViewer(): void {
  for (const listener of listeners) listener();
}

export function onServerViewerRefresh(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
