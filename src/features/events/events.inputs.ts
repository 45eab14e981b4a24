// What the events' procedures accept: the event form and the admin list's options, shared by the
// browser (checks before sending) and the server (the same checks, authoritative, parsed once by
// the procedure). No server code here.
import { z } from 'zod';
import { LOCALES, type Locale } from '@/i18n/routing';
import { formFields } from '@/forms/fields';
import { DocumentId } from '@/server/documents/document-id';
import { RICH_TEXT_MAX } from './rich-text';
import { SLUG_MAX, SLUG_PATTERN } from './slug';
import { WALL_TIME_PATTERN, wallTimeToDate } from './venue-time';

export const TITLE_MAX = 120;
export const SUMMARY_MAX = 300;
export const VENUE_NAME_MAX = 120;
export const VENUE_ADDRESS_MAX = 200;
export const CAPACITY_MAX = 100_000;
export const DRINK_ALLOWANCE_MAX = 20;
/** Guests a member may bring to one event, at most (the club rules' usual is 1 to 4). */
export const GUESTS_PER_MEMBER_MAX = 10;
/** Public tickets one event may offer. */
export const PUBLIC_TICKETS_MAX = 10_000;
/** How many events one admin list page shows. */
export const ADMIN_PAGE_SIZE = 50;

function localized(field: () => z.ZodString) {
  return z.object(Object.fromEntries(LOCALES.map((locale) => [locale, field()])) as Record<Locale, z.ZodString>);
}

/** A number field: "required" when empty, "numbers only" when it is not a number at all. */
const count = formFields.number;

const wallTime = () => z.string().trim().min(1, 'required').regex(WALL_TIME_PATTERN, 'format');

/** The VIP bar menu's length per language (a few dozen lines). */
export const BAR_MENU_MAX = 2000;

/** The event form, as sent: times are wall-clock values at the venue (Europe/Berlin). */
export const EventInput = z.object({
  /** Empty: made from the English title. */
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(SLUG_MAX)
    .refine((slug) => slug === '' || SLUG_PATTERN.test(slug), 'format'),
  title: localized(() => formFields.requiredText().max(TITLE_MAX)),
  summary: localized(() => formFields.requiredText().max(SUMMARY_MAX)),
  description: localized(() => z.string().trim().max(RICH_TEXT_MAX)),
  startsAt: wallTime(),
  endsAt: wallTime(),
  doorsAt: wallTime(),
  venue: z.object({
    name: formFields.requiredText().max(VENUE_NAME_MAX),
    address: formFields.requiredText().max(VENUE_ADDRESS_MAX),
  }),
  capacity: count().int('wholeNumber').min(1).max(CAPACITY_MAX),
  drinkAllowance: count().int('wholeNumber').min(0).max(DRINK_ALLOWANCE_MAX),
  guestsPerMember: count().int('wholeNumber').min(0).max(GUESTS_PER_MEMBER_MAX).default(1),
  guestDrinks: count().int('wholeNumber').min(0).max(DRINK_ALLOWANCE_MAX).default(0),
  publicTickets: count().int('wholeNumber').min(0).max(PUBLIC_TICKETS_MAX).default(0),
  /** One drink per line; empty when the bar has no menu that night. */
  barMenu: localized(() => z.string().trim().max(BAR_MENU_MAX)).default({ en: '', de: '' }),
  coverImageId: DocumentId.nullable(),
});
export type EventInput = z.infer<typeof EventInput>;

export const EventUpdateInput = z.object({
  id: DocumentId,
  event: EventInput,
  /** The event's last change as the form loaded it: a later change by someone else is not overwritten. */
  loadedUpdatedAt: z.date().optional(),
});
export type EventUpdateInput = z.infer<typeof EventUpdateInput>;

export const EventIdInput = z.object({ id: DocumentId });
export type EventIdInput = z.infer<typeof EventIdInput>;

export type EventTimesReason = 'invalidTime' | 'endBeforeStart' | 'doorsAfterStart';
type EventTimeField = 'startsAt' | 'endsAt' | 'doorsAt';

/**
 * Why the three times do not fit together (the reason names the message) and the time to change,
 * or null. A time that is no moment at the venue (31 February) is the one named, not its neighbours.
 */
export function eventTimesProblem(input: Pick<EventInput, EventTimeField>): { reason: EventTimesReason; field: EventTimeField } | null {
  const fields = ['startsAt', 'endsAt', 'doorsAt'] as const;
  const times = fields.map((field) => wallTimeToDate(input[field]));
  const unreadable = times.findIndex((time) => !time);
  if (unreadable >= 0) return { reason: 'invalidTime', field: fields[unreadable]! };
  const [startsAt, endsAt, doorsAt] = times as [Date, Date, Date];
  if (endsAt <= startsAt) return { reason: 'endBeforeStart', field: 'endsAt' };
  if (doorsAt > startsAt) return { reason: 'doorsAfterStart', field: 'doorsAt' };
  return null;
}

export const ADMIN_EVENT_FILTERS = ['upcoming', 'past', 'drafts', 'cancelled', 'all'] as const;
export type AdminEventFilter = (typeof ADMIN_EVENT_FILTERS)[number];

export const AdminEventListInput = z.object({
  filter: z.enum(ADMIN_EVENT_FILTERS).default('upcoming'),
  search: z.string().trim().max(100).default(''),
  /** The id of the last event of the previous page. */
  cursor: DocumentId.nullish(),
});
export type AdminEventListInput = z.infer<typeof AdminEventListInput>;

export const EVENT_STATUS_ACTIONS = ['publish', 'unpublish', 'cancel'] as const;
export type EventStatusAction = (typeof EVENT_STATUS_ACTIONS)[number];
export const EventStatusInput = z.object({ id: DocumentId, action: z.enum(EVENT_STATUS_ACTIONS) });
export type EventStatusInput = z.infer<typeof EventStatusInput>;

