import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Accounts } from '@/server/accounts/port';
import type { Documents } from '@/server/documents/port';

const sweeps: Array<() => void> = [];
/** When each sweep started. */
const started: string[] = [];
let finishAtOnce = false;
vi.mock('@/features/memberships/memberships', () => ({
  // Each sweep stays open until the test finishes it, to show ticks never overlap a running one.
  expireMemberships: vi.fn(() => {
    started.push(new Date().toISOString());
    if (finishAtOnce) return Promise.resolve({ expired: 0 });
    return new Promise<{ expired: number }>((resolve) => sweeps.push(() => resolve({ expired: 0 })));
  }),
}));
vi.mock('@/features/memberships/membership-mail', async (original) => ({
  ...(await original<typeof import('@/features/memberships/membership-mail')>()),
  remindEndingMemberships: vi.fn(async () => 0),
  queueRequestsDigests: vi.fn(async () => 0),
}));

const { nextVenueMorning, scheduleMembershipExpiry } = await import('./membership-expiry');
const { expireMemberships } = await import('@/features/memberships/memberships');
const { queueRequestsDigests, remindEndingMemberships } = await import('@/features/memberships/membership-mail');

describe('the membership sweep schedule', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    sweeps.length = 0;
    started.length = 0;
    finishAtOnce = false;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('sweeps at start and on every tick, never two at once in one server', async () => {
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
    const stop = scheduleMembershipExpiry({} as Documents, {} as Accounts, 1000);
    expect(expireMemberships).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2500);
    // The first sweep is still running: the ticks did not start another.
    expect(expireMemberships).toHaveBeenCalledTimes(1);
    sweeps.shift()!();
    await vi.advanceTimersByTimeAsync(1000);
    expect(expireMemberships).toHaveBeenCalledTimes(2);
    // Each sweep also looks for reminders and digests that are due.
    expect(remindEndingMemberships).toHaveBeenCalledTimes(1);
    expect(queueRequestsDigests).toHaveBeenCalledTimes(1);
    stop();
    sweeps.shift()!();
    await vi.advanceTimersByTimeAsync(5000);
    expect(expireMemberships).toHaveBeenCalledTimes(2);
  });

  it('sweeps at 09:00 at the venue, also when an hourly sweep is still running then', async () => {
    // 08:59:30 in Berlin (winter time, UTC+1); the hourly ticks fall at other minutes.
    vi.setSystemTime(new Date('2026-11-23T07:59:30Z'));
    const stop = scheduleMembershipExpiry({} as Documents, {} as Accounts);
    expect(expireMemberships).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(31_000);
    // The start's sweep still runs at nine: the morning's follows it, at once.
    expect(expireMemberships).toHaveBeenCalledTimes(1);
    sweeps.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    expect(expireMemberships).toHaveBeenCalledTimes(2);
    expect(started).toEqual(['2026-11-23T07:59:30.000Z', '2026-11-23T08:00:01.000Z']);
    // And at nine the next morning, beside the sweeps of every hour.
    finishAtOnce = true;
    sweeps.shift()!();
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(started.filter((at) => at.endsWith(':00:00.000Z'))).toEqual(['2026-11-24T08:00:00.000Z']);
    // The start's, then one an hour.
    expect(started.filter((at) => at.endsWith(':59:30.000Z'))).toHaveLength(25);
    stop();
  });

  it('finds the next 09:00 at the venue across a change of the clocks', () => {
    expect(nextVenueMorning(new Date('2026-11-23T07:59:30Z')).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(nextVenueMorning(new Date('2026-11-23T08:00:00Z')).toISOString()).toBe('2026-11-24T08:00:00.000Z');
    // Summer time begins on 29 March 2026: 09:00 is 07:00 UTC from then on.
    expect(nextVenueMorning(new Date('2026-03-28T12:00:00Z')).toISOString()).toBe('2026-03-29T07:00:00.000Z');
  });
});
