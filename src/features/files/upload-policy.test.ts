import { describe, expect, it } from 'vitest';
import {
  CHUNK_LIMIT,
  FIRST_CHUNK,
  isResumable,
  isRetryable,
  KB,
  MB,
  nextChunkSize,
  retryDelayMs,
  validRetryTime,
} from './upload-policy';

describe('upload policy', () => {
  it('sends files up to 256 KB in one request and larger ones resumably', () => {
    expect(isResumable(256 * KB)).toBe(false);
    expect(isResumable(256 * KB + 1)).toBe(true);
  });

  it('grows chunks from 256 KB by doubling, staying below 32 MB', () => {
    const sizes = [FIRST_CHUNK];
    for (let i = 0; i < 10; i++) sizes.push(nextChunkSize(sizes.at(-1)!));
    expect(sizes.slice(0, 8)).toEqual([256 * KB, 512 * KB, 1 * MB, 2 * MB, 4 * MB, 8 * MB, 16 * MB, 16 * MB]);
    expect(Math.max(...sizes)).toBeLessThan(CHUNK_LIMIT);
  });

  it('retries on 5xx, 408, 429 and network failure only', () => {
    expect([500, 502, 503, 504, 599, 408, 429, 'network' as const].every(isRetryable)).toBe(true);
    expect([400, 401, 403, 404, 409, 412, 200].some(isRetryable)).toBe(false);
  });

  it('waits 1 s, doubling to at most 64 s, with up to a second of jitter', () => {
    expect([0, 1, 2, 3, 6, 7, 12].map((attempt) => retryDelayMs(attempt, () => 0))).toEqual([1000, 2000, 4000, 8000, 64000, 64000, 64000]);
    expect(retryDelayMs(0, () => 0.999)).toBe(1999);
  });

  it('accepts retry times of 0 or more', () => {
    expect(validRetryTime(0)).toBe(0);
    expect(() => validRetryTime(-1)).toThrow('Retry time must be 0 or more.');
    expect(() => validRetryTime(Number.NaN)).toThrow(RangeError);
  });
});
