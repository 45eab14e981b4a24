// The public programme: what visitors may see of events (published and cancelled ones, never
// drafts), found by slug or listed upcoming-then-past. One query serves the server's pages and
// both backends' live lists, so they always agree.
import { z } from 'zod';
import type { Documents, Query } from '@/server/documents/port';
import { SLUG_MAX, SLUG_PATTERN } from './slug';
import { EventSlugs, Events, eventSummary, type EventDocument, type EventSummary } from './events';
import { isPublic, PUBLIC_LIST_LIMIT, PUBLIC_STATUSES } from './programme';

export type PublicEvent = Omit<EventSummary, 'previousSlugs' | 'updatedBy' | 'capacity' | 'drinkAllowance'>;

export function publicEvent(event: EventSummary): PublicEvent {
  const { previousSlugs: _previous, updatedBy: _by, capacity: _capacity, drinkAllowance: _drinks, ...shown } = event;
  return shown;
}

export function publicEventsQuery(documents: Documents): Query<EventDocument> {
  return documents
    .collection(Events)
    .where('status', 'in', [...PUBLIC_STATUSES])
    .orderBy('startsAt', 'desc')
    .limit(PUBLIC_LIST_LIMIT);
}

export async function listPublicEvents(documents: Documents): Promise<PublicEvent[]> {
  return (await publicEventsQuery(documents).get()).map((snapshot) => publicEvent(eventSummary(snapshot)));
}

async function upcomingPublished(documents: Documents, count: number, now: Date): Promise<EventSummary[]> {
  const events = await documents
    .collection(Events)
    .where('status', '==', 'published')
    .where('endsAt', '>=', now)
    .orderBy('endsAt', 'asc')
    .limit(count)
    .get();
  return events.map(eventSummary).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** The next published events that have not ended (cancelled ones are left out here). */
export async function nextEvents(documents: Documents, count: number, now = new Date()): Promise<PublicEvent[]> {
  return (await upcomingPublished(documents, count, now)).map(publicEvent);
}

/** What members see of an event: the public view and their drinks at the VIP bar. */
export type MemberEvent = PublicEvent & { drinkAllowance: number };

export async function nextEventsForMembers(documents: Documents, count: number, now = new Date()): Promise<MemberEvent[]> {
  return (await upcomingPublished(documents, count, now)).map((event) => ({ ...publicEvent(event), drinkAllowance: event.drinkAllowance }));
}

export const EventSlugInput = z.object({ slug: z.string().min(1).max(200) });

export type SlugLookup =
  | { kind: 'event'; event: PublicEvent }
  /** A former slug: the event lives at `slug` now. */
  | { kind: 'moved'; slug: string }
  | { kind: 'missing' };

/** What a public event address shows: the event, a permanent move, or nothing (drafts too). */
export async function findEventBySlug(documents: Documents, slug: string): Promise<SlugLookup> {
  if (!SLUG_PATTERN.test(slug) || slug.length > SLUG_MAX) return { kind: 'missing' };
  const holder = (await documents.collection(EventSlugs).doc(slug).get()).data;
  if (!holder) return { kind: 'missing' };
  const snapshot = await documents.collection(Events).doc(holder.eventId).get();
  if (!snapshot.data || !isPublic(snapshot.data.status)) return { kind: 'missing' };
  if (snapshot.data.slug !== slug) return { kind: 'moved', slug: snapshot.data.slug };
  return { kind: 'event', event: publicEvent(eventSummary({ id: snapshot.id, data: snapshot.data })) };
}

export interface SitemapEvent {
  slug: string;
  updatedAt: Date;
}

/** Published events, for the sitemaps. */
export async function sitemapEvents(documents: Documents): Promise<SitemapEvent[]> {
  const events = await documents.collection(Events).where('status', '==', 'published').orderBy('startsAt', 'desc').limit(5000).get();
  return events.map(({ data }) => ({ slug: data.slug, updatedAt: data.updatedAt }));
}
