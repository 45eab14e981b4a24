// The public programme: what visitors may see of events (published and cancelled ones, never
// drafts), found by slug or listed upcoming-then-past. Everything here reads the publicEvents
// mirror, never events/{id}: a page cannot show a private field it never loaded (decision 018).
// One query serves the server's pages and both backends' live lists, so they always agree.
import 'server-only';
import type { Documents, Query, QueryDocumentSnapshot } from '@/server/documents/port';
import { SLUG_MAX, SLUG_PATTERN } from './slug';
import { EventSlugs, Events } from './events';
import { PublicEvents, type PublicEventDocument } from './public-events';
import { PUBLIC_LIST_LIMIT, PUBLIC_STATUSES } from './programme';

export type PublicEvent = PublicEventDocument & { id: string };

function publicEvent(snapshot: QueryDocumentSnapshot<PublicEventDocument>): PublicEvent {
  return { id: snapshot.id, ...snapshot.data };
}

/**
 * The live list's query, the same on the server and in the browser. The mirror holds no drafts,
 * but the status filter stays: Firestore's rules say so too and admit only queries that ask it.
 */
export function publicEventsQuery(documents: Documents): Query<PublicEventDocument> {
  return documents
    .collection(PublicEvents)
    .where('status', 'in', [...PUBLIC_STATUSES])
    .orderBy('startsAt', 'desc')
    .limit(PUBLIC_LIST_LIMIT);
}

export async function listPublicEvents(documents: Documents): Promise<PublicEvent[]> {
  return (await publicEventsQuery(documents).get()).map(publicEvent);
}

/** The next published events that have not ended (cancelled ones are left out here). */
export async function nextEvents(documents: Documents, count: number, now = new Date()): Promise<PublicEvent[]> {
  const events = await documents
    .collection(PublicEvents)
    .where('status', '==', 'published')
    .where('endsAt', '>=', now)
    .orderBy('endsAt', 'asc')
    .limit(count)
    .get();
  return events.map(publicEvent).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

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
  // A draft has no mirror document, so neither its slug nor its former ones lead anywhere.
  const snapshot = await documents.collection(PublicEvents).doc(holder.eventId).get();
  if (!snapshot.data) return { kind: 'missing' };
  if (snapshot.data.slug !== slug) return { kind: 'moved', slug: snapshot.data.slug };
  return { kind: 'event', event: { id: snapshot.id, ...snapshot.data } };
}

export interface SitemapEvent {
  slug: string;
  updatedAt: Date;
}

/** Published events, for the sitemaps. */
export async function sitemapEvents(documents: Documents): Promise<SitemapEvent[]> {
  const events = await documents.collection(PublicEvents).where('status', '==', 'published').orderBy('startsAt', 'desc').limit(5000).get();
  return events.map(({ data }) => ({ slug: data.slug, updatedAt: data.updatedAt }));
}

/** What members see of an event: the public view and their drinks at the VIP bar. */
export type MemberEvent = PublicEvent & { drinkAllowance: number };

/** The next events for the VIP home; the drinks allowance is read from the private event. */
export async function nextEventsForMembers(documents: Documents, count: number, now = new Date()): Promise<MemberEvent[]> {
  const shown = await nextEvents(documents, count, now);
  const events = await Promise.all(shown.map((event) => documents.collection(Events).doc(event.id).get()));
  return shown.map((event, index) => ({ ...event, drinkAllowance: events[index]!.data?.drinkAllowance ?? 0 }));
}
