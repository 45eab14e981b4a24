// The public programme's rules, free of schemas and server code so the browser's live list
// can use them: which statuses the public sees, and how a list splits into upcoming and past.
// The split takes any dated event, so this module needs nothing of the mirror that imports it.
import type { EventStatus } from './events';

/** What the public sees: a cancelled event keeps its page, with a notice; a draft has none. */
export const PUBLIC_STATUSES = ['published', 'cancelled'] as const satisfies readonly EventStatus[];
export type PublicStatus = (typeof PUBLIC_STATUSES)[number];

export function isPublic(status: EventStatus): status is PublicStatus {
  return (PUBLIC_STATUSES as readonly EventStatus[]).includes(status);
}

/**
 * Where the public reads events: a mirror holding only what anyone may see, kept by the server
 * (src/features/events/public-events.ts). Named here so the browser's live list can use it.
 */
export const PUBLIC_EVENTS_COLLECTION = 'publicEvents';

/** How many public events the list reads, newest start first; upcoming ones come first on screen. */
export const PUBLIC_LIST_LIMIT = 200;
/** Past events shown under the upcoming ones. */
export const PAST_SHOWN = 24;

/** What the split reads of an event. */
interface Dated {
  startsAt: Date;
  endsAt: Date;
}

export interface Programme<Event extends Dated> {
  /** Not yet over, soonest first. */
  upcoming: Event[];
  /** Over, most recent first. */
  past: Event[];
}

/** Splits events (in any order) at `now`: an event is upcoming until it ends. */
export function programmeOf<Event extends Dated>(events: readonly Event[], now: Date): Programme<Event> {
  const upcoming = events.filter((event) => event.endsAt >= now).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const past = events
    .filter((event) => event.endsAt < now)
    .sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime())
    .slice(0, PAST_SHOWN);
  return { upcoming, past };
}

/** JSON with every object's keys in order, dates as ISO strings and absent or undefined fields alike. */
function canonicalJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${fields.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * A short fingerprint of what a programme shows (its events' contents, in order, in each
 * section), the same on the server and in the browser: the server renders the programme and
 * sends this instead of the list, and the browser's live list redraws only when its own differs.
 * Two 32-bit FNV-1a hashes of the canonical JSON, so a change going unseen is out of the question
 * in practice.
 */
export function programmeKey({ upcoming, past }: Programme<Dated>): string {
  const text = canonicalJson([upcoming, past]);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
    b ^= b >>> 15;
  }
  return `${a.toString(36)}.${b.toString(36)}.${text.length.toString(36)}`;
}
