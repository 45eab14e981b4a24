// The numbers of resumable uploads (specification, section 9): files up to 256 KB go in one
// request; larger ones in chunks starting at 256 KB and doubling while below 32 MB; failed
// requests are retried on 5xx, 408, 429 and network failure, waiting 1 s, then twice as long
// each time up to 64 s, with random jitter, until the retry time runs out.

export const KB = 1024;
export const MB = 1024 * KB;

/** At most this many bytes are sent in a single request; above it the upload is resumable. */
export const RESUMABLE_THRESHOLD = 256 * KB;
export const FIRST_CHUNK = 256 * KB;
/** Chunks stay below this size. */
export const CHUNK_LIMIT = 32 * MB;

/** How long an upload keeps retrying a failing request (Firebase's default for uploads). */
export const UPLOAD_RETRY_TIME_MS = 10 * 60 * 1000;

export function isResumable(size: number): boolean {
  return size > RESUMABLE_THRESHOLD;
}

/** The next chunk after one that went through: twice as large, while that stays below 32 MB. */
export function nextChunkSize(current: number): number {
  return current * 2 < CHUNK_LIMIT ? current * 2 : current;
}

/** A chunk that failed is tried again at the first size, as a slow link may be the cause. */
export function chunkSizeAfterFailure(): number {
  return FIRST_CHUNK;
}

export function isRetryable(status: number | 'network'): boolean {
  if (status === 'network') return true;
  return (status >= 500 && status < 600) || status === 408 || status === 429;
}

/**
 * The wait before retry number `attempt` (0 for the first retry): 1 s doubling up to 64 s, plus
 * up to 1 s of jitter so many clients do not retry in step.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(1000 * 2 ** attempt, 64_000);
  return base + Math.floor(random() * 1000);
}

/** Retry times must be 0 or more (specification); 0 means a failure is final at once. */
export function validRetryTime(ms: number): number {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError('Retry time must be 0 or more.');
  return ms;
}
