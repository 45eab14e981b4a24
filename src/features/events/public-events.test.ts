import { beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { Images, type ImageDocument } from '@/features/images/images';
import { updateImage } from '@/features/images/image-library';
import { imageDocument } from '@/features/images/test-image';
import { changeEventStatus, createEvent, duplicateEvent, eventCovers, updateEvent } from './event-admin';
import type { EventInput } from './events.inputs';
import { Events, HOME_VENUE, type EventDocument } from './events';
import { Migrations } from '@/server/documents/migrations';
import {
  backfillPublicEvents,
  findEventBySlug,
  listPublicEvents,
  nextEvents,
  PUBLIC_EVENTS_VERSION,
  PublicEventDocument,
  PublicEvents,
  publicProjection,
} from './public-events';
import { mirrorProblems } from './test-mirror';
import { eventForm } from './test-event';
import type { Identity } from '@/access/identity';

const admin: Identity = { uid: 'admin', email: 'admin@example.org', emailVerified: true, displayName: 'Admin', photoURL: null, role: 'admin' };

function form(overrides: Partial<EventInput> = {}): EventInput {
  return eventForm({ coverImageId: 'img1', ...overrides });
}

const image: ImageDocument = { ...imageDocument(new Date('2030-01-01')), width: 1600, height: 900, alt: { en: 'The stage', de: 'Die Bühne' }, tags: ['cover'] };

/** What staff see and the public must not: none of it may reach the mirror. */
const PRIVATE_FIELDS = ['capacity', 'drinkAllowance', 'previousSlugs', 'updatedBy', 'searchTerms', 'createdAt', 'publishedAt', 'cancelledAt'];

async function published(documents: SqliteDocuments): Promise<string> {
  const { id } = await createEvent(documents, admin, form());
  await changeEventStatus(documents, admin, { id: id, action: 'publish' });
  return id;
}

/** Every function that writes events, each ending in the write under test. */
const WRITES: { name: string; write: (documents: SqliteDocuments) => Promise<unknown> }[] = [
  { name: 'create (a draft)', write: (documents) => createEvent(documents, admin, form()) },
  { name: 'update a draft', write: async (documents) => updateEvent(documents, admin, { id: (await createEvent(documents, admin, form())).id, event: form({ capacity: 10 }) }) },
  { name: 'publish', write: published },
  {
    name: 'update a published event, with a new slug',
    write: async (documents) => updateEvent(documents, admin, { id: await published(documents), event: form({ slug: 'harbour-lights-summer', title: { en: 'Summer', de: 'Sommer' } }) }),
  },
  { name: 'cancel', write: async (documents) => changeEventStatus(documents, admin, { id: await published(documents), action: 'cancel' }) },
  {
    name: 'publish a cancelled event again',
    write: async (documents) => {
      const id = await published(documents);
      await changeEventStatus(documents, admin, { id: id, action: 'cancel' });
      return changeEventStatus(documents, admin, { id: id, action: 'publish' });
    },
  },
  { name: 'unpublish', write: async (documents) => changeEventStatus(documents, admin, { id: await published(documents), action: 'unpublish' }) },
  { name: 'duplicate a published event', write: async (documents) => duplicateEvent(documents, admin, { id: await published(documents) }) },
  {
    name: 'change the alt text of a cover in the library',
    write: async (documents) => {
      await published(documents);
      await updateImage(documents, eventCovers, admin, { id: 'img1', alt: { en: 'Stage at night', de: 'Bühne bei Nacht' } });
      expect((await listPublicEvents(documents))[0]?.cover?.alt.en).toBe('Stage at night');
    },
  },
];

describe('the public events mirror', () => {
  let documents: SqliteDocuments;
  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    await documents.collection(Images).doc('img1').set(image);
  });

  it.each(WRITES)('$name: the mirror equals the public projection, in the same transaction', async ({ write }) => {
    await write(documents);
    expect(await mirrorProblems(documents)).toEqual([]);
  });

  it('never holds a draft: a new event, a copy and an unpublished one stay out of it and off the public pages', async () => {
    const id = await published(documents);
    const copy = await duplicateEvent(documents, admin, { id });
    await createEvent(documents, admin, form({ title: { en: 'Quiet', de: 'Leise' } }));
    expect((await documents.collection(PublicEvents).get()).map((snapshot) => snapshot.id)).toEqual([id]);
    expect(await findEventBySlug(documents, copy.slug)).toEqual({ kind: 'missing' });
    await changeEventStatus(documents, admin, { id: id, action: 'unpublish' });
    expect(await documents.collection(PublicEvents).get()).toEqual([]);
    expect(await listPublicEvents(documents)).toEqual([]);
  });

  it('holds only public fields, and the public reads return nothing else', async () => {
    const fields = Object.keys(PublicEventDocument.shape).sort();
    expect(fields).toEqual(['cover', 'description', 'doorsAt', 'endsAt', 'slug', 'startsAt', 'status', 'summary', 'title', 'updatedAt', 'venue']);
    const id = await published(documents);
    const event = (await documents.collection(Events).doc(id).get()).data!;
    // The projection is exactly the schema's fields: nothing private left for the schema to strip.
    expect(Object.keys(publicProjection(event)!).sort()).toEqual(fields);
    const [listed] = await listPublicEvents(documents);
    const [next] = await nextEvents(documents, 1, new Date('2030-01-01'));
    const found = await findEventBySlug(documents, event.slug);
    for (const shown of [listed, next, found.kind === 'event' ? found.event : undefined]) {
      expect(Object.keys(shown!).sort()).toEqual(['id', ...fields].sort());
      for (const field of PRIVATE_FIELDS) expect(shown).not.toHaveProperty(field);
    }
  });
});

describe('building the mirror of an earlier database', () => {
  const at = new Date('2030-06-05T19:00:00Z');
  function earlier(status: EventDocument['status'], slug: string): EventDocument {
    const text = { en: slug, de: slug };
    return {
      ...{ slug, previousSlugs: [], status, title: text, summary: text, description: text },
      ...{ startsAt: at, endsAt: at, doorsAt: at, venue: HOME_VENUE, cover: null, capacity: 100, drinkAllowance: 1, barMenu: { en: '', de: '' }, guestsPerMember: 1, guestDrinks: 0, publicTickets: 0, searchTerms: [] },
      ...{ publishedAt: status === 'draft' ? null : at, cancelledAt: null, createdAt: at, updatedAt: at, updatedBy: 'admin' },
    };
  }

  it('mirrors every public event, removes mirrors of drafts and of missing events, once', async () => {
    const documents = new SqliteDocuments(':memory:');
    // More than one page of events, written as an earlier version did: without a mirror.
    for (let index = 0; index < 130; index++) {
      await documents.collection(Events).doc(`e${index}`).set(earlier(index % 3 === 0 ? 'draft' : 'published', `night-${index}`));
    }
    await documents.collection(Events).doc('called-off').set(earlier('cancelled', 'called-off'));
    // Stale mirror documents: of an event unpublished meanwhile, and of one no longer there.
    await documents.collection(PublicEvents).doc('e0').set(publicProjection(earlier('published', 'night-0'))!);
    await documents.collection(PublicEvents).doc('orphan').set(publicProjection(earlier('published', 'orphan'))!);
    expect(await mirrorProblems(documents)).not.toEqual([]);

    // 86 published and 1 cancelled event mirrored, 2 stale mirrors deleted.
    expect(await backfillPublicEvents(documents)).toBe(86 + 1 + 2);
    expect(await mirrorProblems(documents)).toEqual([]);
    expect((await documents.collection(Migrations).doc('publicEvents').get()).data?.version).toBe(PUBLIC_EVENTS_VERSION);
    // Done once: the next start writes nothing.
    expect(await backfillPublicEvents(documents)).toBe(0);
  });

  it('runs again when the recorded version is older', async () => {
    const documents = new SqliteDocuments(':memory:');
    await documents.collection(Events).doc('e1').set(earlier('published', 'night-1'));
    await documents.collection(Migrations).doc('publicEvents').set({ version: PUBLIC_EVENTS_VERSION - 1, at });
    expect(await backfillPublicEvents(documents)).toBe(1);
    expect(await mirrorProblems(documents)).toEqual([]);
  });
});
