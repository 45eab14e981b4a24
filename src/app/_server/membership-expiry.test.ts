import { describe, expect, it, vi } from 'vitest';
import type { Accounts } from '@/server/accounts/port';
import type { Documents } from '@/server/documents/port';

const sweeps: Array<() => void> = [];
vi.mock('@/features/memberships/memberships', () => ({
  // Each sweep stays open until the test finishes it, to show ticks never overlap a running one.
  expireMemberships: vi.fn(() => new Promise<{ expired: number }>((resolve) => sweeps.push(() => resolve({ expired: 0 })))),
}));

const { scheduleMembershipExpiry } = await import('./membership-expiry');
const { expireMemberships } = await import('@/features/memberships/memberships');

describe('the membership expiry schedule', () => {
  it('sweeps at start and on every tick, never two at once in one server', async () => {
    vi.useFakeTimers();
    try {
      const stop = scheduleMembershipExpiry({} as Documents, {} as Accounts, 1000);
      expect(expireMemberships).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(2500);
      // The first sweep is still running: the ticks did not start another.
      expect(expireMemberships).toHaveBeenCalledTimes(1);
      sweeps.shift()!();
      await vi.advanceTimersByTimeAsync(1000);
      expect(expireMemberships).toHaveBeenCalledTimes(2);
      stop();
      sweeps.shift()!();
      await vi.advanceTimersByTimeAsync(5000);
      expect(expireMemberships).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
