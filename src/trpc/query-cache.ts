// The one thing sign-out needs of the React Query cache, without loading React Query: the cache
// registers how to empty itself here when a page first makes it, and sign-out calls that. A page
// that never made the cache (a public page) has nothing to empty.
let forget: (() => Promise<void>) | undefined;

/** Called by the tRPC client module when it makes the tab's cache (once per tab). */
export function onQueryCacheForgotten(empty: () => Promise<void>): void {
  forget = empty;
}

/** Marks every cached query stale and refetches the ones on screen (after sign-out). */
export async function forgetQueryCache(): Promise<void> {
  await forget?.();
}
