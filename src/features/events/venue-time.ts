// Wall-clock times in the venue's time zone, as the admin form's datetime-local fields hold them, and back.
import { VENUE_TIME_ZONE } from '@/i18n/routing';

/** The value of `<input type="datetime-local">` without seconds: `YYYY-MM-DDTHH:mm`. */
export const WALL_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const DAY_MS = 86_400_000;

type WallFields = { year: number; month: number; day: number; hour: number; minute: number; second: number };

// Building a DateTimeFormat is far slower than using one, and the round trip needs several per call.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

function wallFields(instant: number, timeZone: string): WallFields {
  const fields: WallFields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  let beforeChrist = false;
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type === 'era') beforeChrist = part.value === 'BC';
    else if (part.type in fields) fields[part.type as keyof WallFields] = Number(part.value);
  }
  // Intl counts years by era (1 BC precedes AD 1); the wall time wants the proleptic year 0.
  if (beforeChrist) fields.year = 1 - fields.year;
  return fields;
}

/** The wall fields read as if they were UTC, in milliseconds. */
function asUtc({ year, month, day, hour, minute, second }: WallFields): number {
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  // The wall fields stop at seconds, so the instant must too, or sub-second parts would count as offset.
  return asUtc(wallFields(instant, timeZone)) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time names in a time zone, or null when the value is malformed or no
 * such day exists. Like Temporal's 'compatible' disambiguation, a time skipped by a clock change
 * moves forward by the gap and a time that occurs twice takes the earlier instant, so an admin
 * never gets an error for a time the venue's clocks jump over.
 */
export function wallTimeToDate(value: string, timeZone: string = VENUE_TIME_ZONE): Date | null {
  const match = WALL_TIME_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return null;
  const local = asUtc({ year, month, day, hour, minute, second: 0 });
  // Day 30 of February rolls over into March; rejecting it beats saving a date nobody typed.
  if (new Date(local).getUTCDate() !== day) return null;

  // Clock changes are far more than a day apart, so the offsets a day either side are the only candidates.
  const withOffsetBefore = local - offsetAt(local - DAY_MS, timeZone);
  const withOffsetAfter = local - offsetAt(local + DAY_MS, timeZone);
  const matching = [withOffsetBefore, withOffsetAfter].filter((instant) => instant + offsetAt(instant, timeZone) === local);
  if (matching.length > 0) return new Date(Math.min(...matching));
  // In a gap, the offset from before the change lands the gap's length later on the wall clock.
  return new Date(withOffsetBefore);
}

/** The wall-clock time of an instant in a time zone, as `YYYY-MM-DDTHH:mm` (seconds dropped). */
export function dateToWallTime(date: Date, timeZone: string = VENUE_TIME_ZONE): string {
  const instant = date.getTime();
  if (Number.isNaN(instant)) throw new RangeError('Invalid date.');
  const { year, month, day, hour, minute } = wallFields(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}`;
}
