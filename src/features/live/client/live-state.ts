// What a live read shows while it loads, once it has data (and whether it is reconnecting), or
// why it failed; the same for both backends.
import { TRPCClientError } from '@trpc/client';

export type LiveError = 'unauthorized' | 'forbidden' | 'unavailable';

export type LiveState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T; reconnecting: boolean }
  | { status: 'error'; error: LiveError };

export function liveError(error: unknown): LiveError {
  const code = error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : (error as { code?: string })?.code;
  if (code === 'UNAUTHORIZED' || code === 'unauthenticated') return 'unauthorized';
  if (code === 'FORBIDDEN' || code === 'permission-denied') return 'forbidden';
  return 'unavailable';
}
