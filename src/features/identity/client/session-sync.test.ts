import { describe, expect, it } from 'vitest';
import { isFreshToken, TOKEN_SYNC_MAX_AGE_MS } from './session-sync';

describe('token sync', () => {
  const now = Date.parse('2026-11-21T20:00:00Z');

  it('syncs only tokens issued under 5 minutes ago', () => {
    expect(TOKEN_SYNC_MAX_AGE_MS).toBe(5 * 60 * 1000);
    expect(isFreshToken(new Date(now - 4 * 60 * 1000).toUTCString(), now)).toBe(true);
    expect(isFreshToken(new Date(now - 5 * 60 * 1000).toUTCString(), now)).toBe(false);
    expect(isFreshToken('not a date', now)).toBe(false);
  });
});
