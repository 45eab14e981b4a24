// publicEvents/{id}: what anyone may see of a published or cancelled event, and nothing more,
// and every read of it: the public programme, an event's page by slug, the sitemaps, the VIP home.
// events/{id} also holds what only staff see (capacity, drink allowance, former slugs, who edited
// it, search terms); the public pages, the sitemaps and both backends' live programme read this
// mirror instead, and Firestore's rules let browsers read only the mirror: a page cannot show a
// private field it never loaded. Every event write sets or deletes the mirror in the same
// transaction (mirrorEvent); a database of an earlier version gets it built once at start
// (backfillPublicEvents). Decision record 018.
import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { defineCollection, serverTimestamp, type DocumentData, type Documents, type Query, type QueryDocumentSnapshot, type Transaction, type WriteData } from '@/server/documents/port';
import { Migrations } from '@/server/documents/migrations';
import { EventCover, EventSlugs, Events, LocalizedText, Venue, type EventDocument } from './events';
import { isPublic, PUBLIC_EVENTS_COLLECTION, PUBLIC_LIST_LIMIT, PUBLIC_STATUSES } from './programme';
import { SLUG_MAX, SLUG_PATTERN } from './slug';

export const PublicEventDocument = z.object({
  slug: z.string(),
  status: z.enum(PUBLIC_STATUSES),
  title: LocalizedText,
  summary: LocalizedText,
  description: LocalizedText,
  startsAt: z.date(),
  endsAt: z.date(),
  doorsAt: z.date(),
  venue: Venue,
  cover: EventCover.nullable(),
  /** When the page last changed: the sitemaps' lastmod and the calendar file's LAST-MODIFIED. */
  updatedAt: z.date(),
});
export type PublicEventDocument = z.infer<typeof PublicEventDocument>;

export const PublicEvents = defineCollection(PUBLIC_EVENTS_COLLECTION, PublicEventDocument);

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

/** What the mirror holds of an event: its public fields, or nothing while it is a draft. */
export function publicProjection(event: WriteData<EventDocument>): WriteData<PublicEventDocument> | null {
  const { status } = event;
  if (!isPublic(status)) return null;
  const { slug, title, summary, description, startsAt, endsAt, doorsAt, venue, cover, updatedAt } = event;
  return { slug, status, title, summary, description, startsAt, endsAt, doorsAt, venue, cover, updatedAt };
}

/** Creates an event with its mirror: how every event comes into being (admin, copies, demo data). */
export function createEventWithMirror(tx: Transaction, documents: Documents, id: string, event: WriteData<EventDocument>): void {
  tx.create(documents.collection(Events).doc(id), event);
  mirrorEvent(tx, documents, id, event);
}

/** Changes an event read in this transaction (`current`) and its mirror with it. */
export function updateEventWithMirror(tx: Transaction, documents: Documents, id: string, current: EventDocument, changes: Partial<WriteData<EventDocument>>): void {
  tx.update(documents.collection(Events).doc(id), changes);
  mirrorEvent(tx, documents, id, { ...current, ...changes });
}

/**
 * Keeps the mirror equal to the event as it is after this transaction's write: `event` is the
 * whole document as written (server timestamps resolve to the same commit time in both).
 */
export function mirrorEvent(tx: Transaction, documents: Documents, id: string, event: WriteData<EventDocument>): void {
  const ref = documents.collection(PublicEvents).doc(id);
  const shown = publicProjection(event);
  if (shown) tx.set(ref, shown);
  else tx.delete(ref);
}

/** Raised when the mirror's fields change, so the next start rebuilds every mirror document. */
export const PUBLIC_EVENTS_VERSION = 1;
const BACKFILL_PAGE = 100;

/**
 * Builds the mirror of a database written before it existed (or with other public fields): every
 * event's mirror is set to its projection, and mirror documents of drafts or of events that are
 * gone are deleted. Idempotent, and a no-op once this version is recorded; returns the documents
 * written.
 */
export async function backfillPublicEvents(documents: Documents): Promise<number> {
  const marker = documents.collection(Migrations).doc('publicEvents');
  if ((await marker.get()).data?.version === PUBLIC_EVENTS_VERSION) return 0;
  let written = 0;
  // Every event first, then every mirror document (to find those of events that are gone).
  const rebuild = async (ids: string[]) => {
    written += await documents.runTransaction((tx) => rebuildMirrors(tx, documents, ids));
  };
  await eachPage(documents.collection(Events).orderBy('startsAt'), rebuild);
  await eachPage(documents.collection(PublicEvents).orderBy('startsAt'), rebuild);
  await marker.set({ version: PUBLIC_EVENTS_VERSION, at: serverTimestamp() });
  return written;
}

async function eachPage<T extends DocumentData>(ordered: Query<T>, work: (ids: string[]) => Promise<void>): Promise<void> {
  let after: QueryDocumentSnapshot<T> | undefined;
  for (;;) {
    const page = await (after ? ordered.startAfter(after) : ordered).limit(BACKFILL_PAGE).get();
    await work(page.map((snapshot) => snapshot.id));
    if (page.length < BACKFILL_PAGE) return;
    after = page.at(-1);
  }
}

async function rebuildMirrors(tx: Transaction, documents: Documents, ids: readonly string[]): Promise<number> {
  const found = [];
  for (const id of ids) {
    const event = (await tx.get(documents.collection(Events).doc(id))).data;
    const mirror = (await tx.get(documents.collection(PublicEvents).doc(id))).data;
    found.push({ id, event, mirror });
  }
  let written = 0;
  for (const { id, event, mirror } of found) {
    const shown = event ? publicProjection(event) : null;
    if (isDeepStrictEqual(shown ?? undefined, mirror)) continue;
    if (event) mirrorEvent(tx, documents, id, event);
    else tx.delete(documents.collection(PublicEvents).doc(id));
    written++;
  }
  return written;
}
