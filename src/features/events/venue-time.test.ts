// Wall-clock times in Berlin map to the right instants, across both clock changes.
import { describe, expect, it } from 'vitest';
import { dateToWallTime, WALL_TIME_PATTERN, wallTimeToDate } from './venue-time';

const iso = (value: string, timeZone?: string) => wallTimeToDate(value, timeZone)?.toISOString() ?? null;

describe('wallTimeToDate', () => {
  it('reads winter times as CET (UTC+1)', () => {
    expect(iso('2026-01-15T19:30')).toBe('2026-01-15T18:30:00.000Z');
  });

  it('reads summer times as CEST (UTC+2)', () => {
    expect(iso('2026-07-15T19:30')).toBe('2026-07-15T17:30:00.000Z');
  });

  it('moves a time skipped in spring forward by the gap (02:30 → 03:30 CEST)', () => {
    const date = wallTimeToDate('2026-03-29T02:30');
    expect(date?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(dateToWallTime(date!)).toBe('2026-03-29T03:30');
  });

  it('keeps the times around the spring gap as they are', () => {
    expect(iso('2026-03-29T01:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(iso('2026-03-29T03:00')).toBe('2026-03-29T01:00:00.000Z');
  });

  it('takes the earlier (CEST) instant for a time that occurs twice in autumn', () => {
    expect(iso('2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(iso('2026-10-25T01:59')).toBe('2026-10-24T23:59:00.000Z');
    expect(iso('2026-10-25T03:00')).toBe('2026-10-25T02:00:00.000Z');
  });

  it('uses the time zone it is given', () => {
    expect(iso('2026-07-15T19:30', 'UTC')).toBe('2026-07-15T19:30:00.000Z');
    expect(iso('2026-07-15T19:30', 'America/New_York')).toBe('2026-07-15T23:30:00.000Z');
    expect(iso('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
  });

  it('handles years below 100 without mapping them to the 1900s', () => {
    expect(iso('0050-06-01T12:00', 'UTC')).toBe('0050-06-01T12:00:00.000Z');
    expect(dateToWallTime(new Date('0050-06-01T12:00:00Z'), 'UTC')).toBe('0050-06-01T12:00');
  });

  it('rejects malformed values and days that do not exist', () => {
    for (const value of [
      '',
      '2026-01-15',
      '2026-01-15 19:30',
      '2026-01-15T19:30:00',
      '2026-1-15T19:30',
      '2026-01-15T19:30Z',
      ' 2026-01-15T19:30',
      '2026-02-30T12:00',
      '2025-02-29T12:00',
      '2026-04-31T12:00',
      '2026-00-10T12:00',
      '2026-13-10T12:00',
      '2026-01-00T12:00',
      '2026-01-15T24:00',
      '2026-01-15T12:60',
    ]) {
      expect(wallTimeToDate(value), value).toBeNull();
    }
    expect(iso('2028-02-29T12:00')).toBe('2028-02-29T11:00:00.000Z');
  });
});

describe('dateToWallTime', () => {
  it('writes the Berlin wall time and drops seconds', () => {
    expect(dateToWallTime(new Date('2026-01-15T18:30:59.999Z'))).toBe('2026-01-15T19:30');
    expect(dateToWallTime(new Date('2026-07-15T17:30:00Z'))).toBe('2026-07-15T19:30');
    expect(dateToWallTime(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01T00:00');
  });

  it('writes midnight as 00, not 24', () => {
    expect(dateToWallTime(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01T00:00');
  });

  it('rejects an invalid date', () => {
    expect(() => dateToWallTime(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('matches the pattern the form uses', () => {
    expect(dateToWallTime(new Date('2026-03-01T08:05:00Z'))).toMatch(WALL_TIME_PATTERN);
  });
});

describe('round trip over 2026, hour by hour', () => {
  const start = Date.UTC(2026, 0, 1);
  const hours = 365 * 24;

  it('gives every instant back, except the second 02:00 of the autumn change, which reads as the first', () => {
    const mismatches: string[] = [];
    for (let h = 0; h < hours; h++) {
      const date = new Date(start + h * 3_600_000);
      const wall = dateToWallTime(date);
      const back = wallTimeToDate(wall);
      expect(back && dateToWallTime(back)).toBe(wall);
      if (back?.getTime() !== date.getTime()) mismatches.push(date.toISOString());
    }
    expect(mismatches).toEqual(['2026-10-25T01:00:00.000Z']);
  });

  it('gives every wall hour back, except the skipped 02:00 of the spring change', () => {
    const mismatches: string[] = [];
    for (let h = 0; h < hours; h++) {
      const wall = new Date(start + h * 3_600_000).toISOString().slice(0, 16);
      const date = wallTimeToDate(wall);
      expect(date).not.toBeNull();
      if (dateToWallTime(date!) !== wall) mismatches.push(wall);
    }
    expect(mismatches).toEqual(['2026-03-29T02:00']);
  });
});
