// publicEvents/{id}: what anyone may see of a published or cancelled event, and nothing more.
// events/{id} also holds what only staff see (capacity, drink allowance, former slugs, who edited
// it, search terms); the public pages, the sitemaps and both backends' live programme read this
// mirror instead, and Firestore's rules let browsers read only the mirror. Every event write sets
// or deletes the mirror in the same transaction (mirrorEvent); a database of an earlier version
// gets it built once at start (backfillPublicEvents). Decision record 018.
import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { defineCollection, serverTimestamp, type DocumentData, type Documents, type Query, type QueryDocumentSnapshot, type Transaction, type WriteData } from '@/server/documents/port';
import { Migrations } from '@/server/documents/migrations';
import { EventCover, Events, LocalizedText, Venue, type EventDocument } from './events';
import { isPublic, PUBLIC_EVENTS_COLLECTION, PUBLIC_STATUSES } from './programme';

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
