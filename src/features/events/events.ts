// events/{id} and eventSlugs/{slug}: what the venue puts on. An event's text exists in every
// language; its slug is unique across current and former slugs (the slug registry), so an old
// address keeps leading to the same event.
import { z } from 'zod';
import { LOCALES, type Locale } from '@/i18n/routing';
import { defineCollection } from '@/server/documents/port';
import { AltTexts } from '@/features/images/images';

export const EVENT_STATUSES = ['draft', 'published', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** The same text in every language of the site. */
export type LocalizedText = Record<Locale, string>;
export const LocalizedText = z.object(Object.fromEntries(LOCALES.map((locale) => [locale, z.string()])) as Record<Locale, z.ZodString>);

/** The cover as the pages need it, copied from the library (kept in step when alt texts change). */
export const EventCover = z.object({
  imageId: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: AltTexts,
});
export type EventCover = z.infer<typeof EventCover>;

export const Venue = z.object({ name: z.string(), address: z.string() });
export type Venue = z.infer<typeof Venue>;

export const EventDocument = z.object({
  slug: z.string(),
  /** Former slugs, each still registered to this event and redirected to the current one. */
  previousSlugs: z.array(z.string()),
  status: z.enum(EVENT_STATUSES),
  title: LocalizedText,
  summary: LocalizedText,
  /** Simple formatting (src/features/events/rich-text.ts). */
  description: LocalizedText,
  startsAt: z.date(),
  endsAt: z.date(),
  doorsAt: z.date(),
  venue: Venue,
  cover: EventCover.nullable(),
  capacity: z.number().int().positive(),
  /** VIP drinks each member may redeem at this event. */
  drinkAllowance: z.number().int().nonnegative(),
  /** Guests each member may bring to this event (0: none). */
  guestsPerMember: z.number().int().nonnegative().default(1),
  /** VIP drinks each guest (a member's guest, a guest-list entry, a public ticket) may have: none unless the event gives some. */
  guestDrinks: z.number().int().nonnegative().default(0),
  /** Free tickets the event offers the public (0: none; a waitlist when they are gone). */
  publicTickets: z.number().int().nonnegative().default(0),
  /** The members' drinks at the VIP bar that night, one per line, in every language (members only: not mirrored). */
  barMenu: LocalizedText.default({ en: '', de: '' }),
  searchTerms: z.array(z.string()),
  publishedAt: z.date().nullable(),
  cancelledAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  updatedBy: z.string(),
});
export type EventDocument = z.infer<typeof EventDocument>;

export const Events = defineCollection('events', EventDocument);

/** eventSlugs/{slug}: which event a slug (current or former) belongs to. */
export const EventSlugs = defineCollection('eventSlugs', z.object({ eventId: z.string() }));

/** Where the venue is unless an event says otherwise. */
export const HOME_VENUE: Venue = { name: 'Nordlicht', address: 'Kaistraße 7, 12345 Musterstadt' };

export interface EventSummary extends Omit<EventDocument, 'searchTerms'> {
  id: string;
}

export function eventSummary(snapshot: { id: string; data: EventDocument }): EventSummary {
  const { searchTerms: _terms, ...rest } = snapshot.data;
  return { id: snapshot.id, ...rest };
}
