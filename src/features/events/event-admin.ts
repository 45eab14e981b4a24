// Running the programme: list and find events, create and edit them (slugs kept unique, former
// slugs kept for redirects), publish, unpublish, cancel and duplicate. Plain functions over the
// documents port; every check and write of one change happens in one transaction, which also
// keeps the event's public mirror (publicEvents/{id}) in step.
import 'server-only';
import { LOCALES } from '@/i18n/routing';
import { serverTimestamp, type Documents, type Query, type Transaction } from '@/server/documents/port';
import { prefixTerms, searchTermOf } from '@/server/documents/search-terms';
import { pageAfter } from '@/server/documents/paging';
import { DomainError } from '@/server/domain-error';
import type { Identity } from '@/access/identity';
import { Images } from '@/features/images/images';
import { isMembersOnly } from '@/features/images/members-only';
import type { CoverHolders } from '@/features/images/image-library';
import { EventSlugs, Events, eventSummary, type EventCover, type EventDocument, type EventStatus, type EventSummary } from './events';
import { createEventWithMirror, updateEventWithMirror } from './public-events';
import { slugCandidates, slugify } from './slug';
import {
  ADMIN_PAGE_SIZE,
  eventTimesProblem,
  type AdminEventFilter,
  type AdminEventListInput,
  type EventIdInput,
  type EventInput,
  type EventStatusAction,
  type EventStatusInput,
  type EventUpdateInput,
} from './events.inputs';
import { wallTimeToDate } from './venue-time';

/** How many numbered slugs are tried before giving up (`party`, `party-2`, …). */
const SLUG_ATTEMPTS = 50;

export interface AdminEventPage {
  events: EventSummary[];
  nextCursor: string | null;
}

function filteredQuery(documents: Documents, filter: AdminEventFilter, now: Date): Query<EventDocument> {
  const events = documents.collection(Events);
  switch (filter) {
    case 'upcoming':
      return events.where('status', '==', 'published').where('endsAt', '>=', now).orderBy('endsAt', 'asc');
    case 'past':
      return events.where('status', '==', 'published').where('endsAt', '<', now).orderBy('endsAt', 'desc');
    case 'drafts':
      return events.where('status', '==', 'draft').orderBy('startsAt', 'asc');
    case 'cancelled':
      return events.where('status', '==', 'cancelled').orderBy('startsAt', 'desc');
    case 'all':
      return events.orderBy('startsAt', 'desc');
  }
}

export async function listEventsForAdmin(documents: Documents, input: AdminEventListInput, now = new Date()): Promise<AdminEventPage> {
  let query = filteredQuery(documents, input.filter, now);
  const term = searchTermOf(input.search);
  if (term) query = query.where('searchTerms', 'array-contains', term);
  const page = await pageAfter(documents.collection(Events), query, input.cursor, ADMIN_PAGE_SIZE);
  return { events: page.items.map(eventSummary), nextCursor: page.nextCursor };
}

export async function getEventForAdmin(documents: Documents, { id }: EventIdInput): Promise<EventSummary> {
  const snapshot = await documents.collection(Events).doc(id).get();
  if (!snapshot.data) throw new DomainError('not-found', 'eventNotFound');
  return eventSummary({ id: snapshot.id, data: snapshot.data });
}

/** What the admin search finds an event by: every word of its titles, its slug and its venue. */
export function eventSearchTerms(event: Pick<EventDocument, 'title' | 'slug' | 'venue'>): string[] {
  const words = [...LOCALES.map((locale) => event.title[locale]), event.slug, event.venue.name]
    .join(' ')
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return prefixTerms(words);
}

interface EventTimes {
  startsAt: Date;
  endsAt: Date;
  doorsAt: Date;
}

function eventTimes(input: EventInput): EventTimes {
  const problem = eventTimesProblem(input);
  if (problem) throw new DomainError('invalid', problem.reason, {}, { field: problem.field });
  const [startsAt, endsAt, doorsAt] = [input.startsAt, input.endsAt, input.doorsAt].map((value) => wallTimeToDate(value)!);
  return { startsAt: startsAt!, endsAt: endsAt!, doorsAt: doorsAt! };
}

async function readCover(tx: Transaction, documents: Documents, imageId: string | null): Promise<EventCover | null> {
  if (!imageId) return null;
  const image = (await tx.get(documents.collection(Images).doc(imageId))).data;
  if (!image) throw new DomainError('invalid', 'coverNotFound', {}, { field: 'coverImageId' });
  if (isMembersOnly(image)) throw new DomainError('invalid', 'coverMembersOnly', {}, { field: 'coverImageId' });
  return { imageId, width: image.width, height: image.height, alt: image.alt };
}

/**
 * The slug an event gets: the one asked for, refused when another event holds it; or, when none
 * is asked for, the first free one made from the title. Reads only; the caller registers it.
 */
async function chooseSlug(tx: Transaction, documents: Documents, eventId: string, asked: string, title: EventInput['title']): Promise<string> {
  const slugs = documents.collection(EventSlugs);
  if (asked) {
    const holder = (await tx.get(slugs.doc(asked))).data;
    if (holder && holder.eventId !== eventId) {
      const other = (await tx.get(documents.collection(Events).doc(holder.eventId))).data;
      throw new DomainError('conflict', 'slugTaken', { slug: asked, event: other?.title.en ?? holder.eventId }, { field: 'slug' });
    }
    return asked;
  }
  const base = slugify(title.en) || slugify(title.de) || 'event';
  const free = await firstFreeSlug(tx, documents, eventId, base);
  if (!free) throw new DomainError('conflict', 'slugTaken', { slug: base, event: base }, { field: 'slug' });
  return free;
}

/** `base`, `base-2`, `base-3`, …: the first that no other event holds, or null after SLUG_ATTEMPTS. */
async function firstFreeSlug(tx: Transaction, documents: Documents, eventId: string, base: string): Promise<string | null> {
  let attempts = 0;
  for (const candidate of slugCandidates(base)) {
    if (++attempts > SLUG_ATTEMPTS) break;
    const holder = (await tx.get(documents.collection(EventSlugs).doc(candidate))).data;
    if (!holder || holder.eventId === eventId) return candidate;
  }
  return null;
}

/** What the form decides of an event: its texts, times, venue, numbers, cover and search terms. */
function fromForm(input: EventInput, times: EventTimes, cover: EventCover | null, slug: string) {
  return {
    title: input.title,
    summary: input.summary,
    description: input.description,
    ...times,
    venue: input.venue,
    cover,
    capacity: input.capacity,
    drinkAllowance: input.drinkAllowance,
    barMenu: input.barMenu,
    guestsPerMember: input.guestsPerMember,
    guestDrinks: input.guestDrinks,
    publicTickets: input.publicTickets,
    searchTerms: eventSearchTerms({ title: input.title, slug, venue: input.venue }),
  };
}

/** The bookkeeping of an event that starts out as a draft under its first slug. */
function newDraft(actor: Identity) {
  return {
    previousSlugs: [],
    status: 'draft' as const,
    publishedAt: null,
    cancelledAt: null,
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
    updatedBy: actor.uid,
  };
}

export interface SavedEvent {
  id: string;
  slug: string;
}

/** A new event, as a draft. */
export async function createEvent(documents: Documents, actor: Identity, input: EventInput): Promise<SavedEvent> {
  const times = eventTimes(input);
  const ref = documents.collection(Events).doc();
  return documents.runTransaction(async (tx) => {
    const slug = await chooseSlug(tx, documents, ref.id, input.slug, input.title);
    const cover = await readCover(tx, documents, input.coverImageId);
    tx.create(documents.collection(EventSlugs).doc(slug), { eventId: ref.id });
    createEventWithMirror(tx, documents, ref.id, { slug, ...fromForm(input, times, cover, slug), ...newDraft(actor) });
    return { id: ref.id, slug };
  });
}

/** Saves the form over an event. A new slug is registered and the old one kept for redirects. */
export async function updateEvent(documents: Documents, actor: Identity, { id, event: input, loadedUpdatedAt }: EventUpdateInput): Promise<SavedEvent> {
  const times = eventTimes(input);
  const ref = documents.collection(Events).doc(id);
  return documents.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data;
    if (!current) throw new DomainError('not-found', 'eventNotFound');
    if (loadedUpdatedAt && current.updatedAt.getTime() !== loadedUpdatedAt.getTime()) throw new DomainError('conflict', 'eventChangedMeanwhile');
    const slug = await chooseSlug(tx, documents, id, input.slug || current.slug, input.title);
    const cover = await readCover(tx, documents, input.coverImageId);
    let previousSlugs = current.previousSlugs;
    if (slug !== current.slug) {
      // Coming back to a former slug takes it off the redirect list; it is registered already.
      if (!current.previousSlugs.includes(slug)) tx.set(documents.collection(EventSlugs).doc(slug), { eventId: id });
      previousSlugs = [...current.previousSlugs.filter((old) => old !== slug), current.slug];
    }
    updateEventWithMirror(tx, documents, id, current, {
      slug,
      previousSlugs,
      ...fromForm(input, times, cover, slug),
      updatedAt: serverTimestamp(),
      updatedBy: actor.uid,
    });
    return { id, slug };
  });
}

/** Which status each action leads to, and from which statuses it may be taken. */
const TRANSITIONS: Record<EventStatusAction, { to: EventStatus; from: readonly EventStatus[] }> = {
  publish: { to: 'published', from: ['draft', 'cancelled'] },
  unpublish: { to: 'draft', from: ['published', 'cancelled'] },
  cancel: { to: 'cancelled', from: ['published'] },
};

export async function changeEventStatus(documents: Documents, actor: Identity, { id, action }: EventStatusInput): Promise<EventStatus> {
  const ref = documents.collection(Events).doc(id);
  const { to, from } = TRANSITIONS[action];
  return documents.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data;
    if (!current) throw new DomainError('not-found', 'eventNotFound');
    if (current.status === to) return to;
    if (!from.includes(current.status)) throw new DomainError('conflict', 'eventStatusChange');
    updateEventWithMirror(tx, documents, id, current, {
      status: to,
      ...(to === 'published' && !current.publishedAt ? { publishedAt: serverTimestamp() } : {}),
      cancelledAt: to === 'cancelled' ? serverTimestamp() : null,
      updatedAt: serverTimestamp(),
      updatedBy: actor.uid,
    });
    return to;
  });
}

/** A copy of an event as a new draft, under the next free numbered slug. */
export async function duplicateEvent(documents: Documents, actor: Identity, { id }: EventIdInput): Promise<SavedEvent> {
  const source = (await documents.collection(Events).doc(id).get()).data;
  if (!source) throw new DomainError('not-found', 'eventNotFound');
  const ref = documents.collection(Events).doc();
  return documents.runTransaction(async (tx) => {
    // The source holds its own slug, so the copy gets the next numbered one.
    const slug = await firstFreeSlug(tx, documents, ref.id, source.slug);
    if (!slug) throw new DomainError('conflict', 'slugTaken', { slug: source.slug, event: source.title.en });
    tx.create(documents.collection(EventSlugs).doc(slug), { eventId: ref.id });
    createEventWithMirror(tx, documents, ref.id, {
      ...source,
      slug,
      searchTerms: eventSearchTerms({ title: source.title, slug, venue: source.venue }),
      ...newDraft(actor),
    });
    return { id: ref.id, slug };
  });
}

/** The events showing a library image as their cover, as the library asks when it changes the image. */
export const eventCovers: CoverHolders = {
  async showing(tx, documents, imageId) {
    const [holder] = await tx.query(documents.collection(Events).where('cover.imageId', '==', imageId).limit(1));
    return holder?.data.title ?? null;
  },
  async refreshAlt(tx, documents, imageId, alt) {
    const holders = await tx.query(documents.collection(Events).where('cover.imageId', '==', imageId));
    for (const holder of holders) updateEventWithMirror(tx, documents, holder.id, holder.data, { cover: holder.data.cover && { ...holder.data.cover, alt } });
  },
};

export interface ProgrammeOverview {
  /** Published events that have not ended. */
  upcoming: number;
  /** The soonest of them, with what the door needs to know. */
  next: (Pick<EventSummary, 'id' | 'slug' | 'title' | 'startsAt' | 'capacity' | 'drinkAllowance'>) | null;
}

/** The admin home's figures about the programme. */
export async function programmeOverview(documents: Documents, now = new Date()): Promise<ProgrammeOverview> {
  const upcoming = await documents.collection(Events).where('status', '==', 'published').where('endsAt', '>=', now).orderBy('endsAt', 'asc').get();
  const next = upcoming.map(eventSummary).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0];
  return {
    upcoming: upcoming.length,
    next: next ? { id: next.id, slug: next.slug, title: next.title, startsAt: next.startsAt, capacity: next.capacity, drinkAllowance: next.drinkAllowance } : null,
  };
}
