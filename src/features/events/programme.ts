// The public programme's rules, free of schemas and server code so the browser's live list
// can use them: which statuses the public sees, and how a list splits into upcoming and past.
import type { EventStatus } from './events';
import type { PublicEvent } from './event-catalogue';

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

export interface Programme {
  /** Not yet over, soonest first. */
  upcoming: PublicEvent[];
  /** Over, most recent first. */
  past: PublicEvent[];
}

/** Splits events (in any order) at `now`: an event is upcoming until it ends. */
export function programmeOf(events: readonly PublicEvent[], now: Date): Programme {
  const upcoming = events.filter((event) => event.endsAt >= now).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const past = events
    .filter((event) => event.endsAt < now)
    .sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime())
    .slice(0, PAST_SHOWN);
  return { upcoming, past };
}
