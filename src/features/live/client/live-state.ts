// What a live read shows while it loads, once it has data (and whether it is reconnecting), or
// why it failed; the same for both backends. No import of the tRPC client: pages with a live
// feed load it on demand (decision 027).

export type LiveError = 'unauthorized' | 'forbidden' | 'unavailable';

export type LiveState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T; reconnecting: boolean }
  | { status: 'error'; error: LiveError };

export function liveError(error: unknown): LiveError {
  // tRPC's errors carry the code in `data`, Firestore's on the error itself.
  const failure = error as { data?: { code?: unknown } | null; code?: unknown } | null | undefined;
  const code = failure?.data?.code ?? failure?.code;
  if (code === 'UNAUTHORIZED' || code === 'unauthenticated') return 'unauthorized';
  if (code === 'FORBIDDEN' || code === 'permission-denied') return 'forbidden';
  return 'unavailable';
}
