import { describe, expect, it } from 'vitest';
import { daysLeft, isActiveNow, isEndingSoon, lastValidDay, queueKey, seasonEndAfter, validUntilAfterDay } from './membership-rules';

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date('2026-11-23T12:00:00Z');
const later = (days: number) => new Date(T0.getTime() + days * DAY);

describe('the one "active now" rule', () => {
  const membership = { status: 'active' as const, validFrom: new Date('2026-01-01T00:00:00Z'), validUntil: new Date('2026-09-01T00:00:00Z') };

  it.each([
    ['a millisecond before the start', '2025-12-31T23:59:59.999Z', false],
    ['at the start', '2026-01-01T00:00:00.000Z', true],
    ['in between', '2026-05-05T12:00:00.000Z', true],
    ['a millisecond before the end', '2026-08-31T23:59:59.999Z', true],
    ['at the end (exclusive)', '2026-09-01T00:00:00.000Z', false],
  ])('%s: %s', (_label, at, expected) => {
    expect(isActiveNow(membership, new Date(at))).toBe(expected);
  });

  it.each(['pending', 'cancelled', 'expired'] as const)('a %s membership never admits, whatever its dates', (status) => {
    expect(isActiveNow({ ...membership, status }, new Date('2026-05-05T12:00:00Z'))).toBe(false);
  });

  it('counts whole days left, and says "ending soon" from 14 days before the end', () => {
    expect(daysLeft(membership, new Date('2026-08-31T12:00:00Z'))).toBe(1);
    expect(daysLeft(membership, new Date('2026-08-18T00:00:00Z'))).toBe(14);
    expect(isEndingSoon(membership, new Date('2026-08-18T00:00:00Z'))).toBe(true);
    expect(isEndingSoon(membership, new Date('2026-08-17T23:59:59Z'))).toBe(false);
    expect(daysLeft(membership, new Date('2026-09-02T00:00:00Z'))).toBeNull();
  });

  it('ends a season on the first of September at midnight at the venue, whatever the server’s zone', () => {
    // Berlin is UTC+2 in summer: midnight there is 22:00 UTC the day before.
    expect(seasonEndAfter(new Date('2026-11-23T12:00:00Z')).toISOString()).toBe('2027-08-31T22:00:00.000Z');
    expect(seasonEndAfter(new Date('2026-03-01T12:00:00Z')).toISOString()).toBe('2026-08-31T22:00:00.000Z');
    // 31 August 23:30 in Berlin is still this season; 1 September 00:30 is the next.
    expect(seasonEndAfter(new Date('2026-08-31T21:30:00Z')).toISOString()).toBe('2026-08-31T22:00:00.000Z');
    expect(seasonEndAfter(new Date('2026-08-31T22:30:00Z')).toISOString()).toBe('2027-08-31T22:00:00.000Z');
  });

  it('orders the admin list: pending oldest first, then active ending soonest, then the rest newest first', () => {
    const keys = {
      pendingOld: queueKey({ status: 'pending', requestedAt: later(-5), validUntil: null, decidedAt: null }),
      pendingNew: queueKey({ status: 'pending', requestedAt: later(-1), validUntil: null, decidedAt: null }),
      activeSoon: queueKey({ status: 'active', requestedAt: later(-90), validUntil: later(3), decidedAt: later(-80) }),
      activeLate: queueKey({ status: 'active', requestedAt: later(-90), validUntil: later(200), decidedAt: later(-80) }),
      endedRecently: queueKey({ status: 'cancelled', requestedAt: later(-90), validUntil: later(3), decidedAt: later(-1) }),
      endedLongAgo: queueKey({ status: 'expired', requestedAt: later(-400), validUntil: later(-30), decidedAt: later(-30) }),
    };
    const sorted = Object.entries(keys).sort(([, a], [, b]) => a.localeCompare(b)).map(([name]) => name);
    expect(sorted).toEqual(['pendingOld', 'pendingNew', 'activeSoon', 'activeLate', 'endedRecently', 'endedLongAgo']);
  });
});

describe('the last valid day, as admins choose it', () => {
  it('runs to the end of that day at the venue, across the change to winter time', () => {
    // 25 October 2026: Berlin leaves summer time; the day after starts at 23:00 UTC.
    expect(validUntilAfterDay('2026-10-25')?.toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(validUntilAfterDay('2026-08-31')?.toISOString()).toBe('2026-08-31T22:00:00.000Z');
    expect(lastValidDay(new Date('2026-08-31T22:00:00.000Z'))).toBe('2026-08-31');
    expect(lastValidDay(seasonEndAfter(T0))).toBe('2027-08-31');
  });

  it.each(['2026-02-30', '2026-13-01', '31.08.2026', '', '2026-8-1'])('refuses %j', (day) => {
    expect(validUntilAfterDay(day)).toBeNull();
  });
});
