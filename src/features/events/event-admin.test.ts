import { beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { DomainError } from '@/server/domain-error';
import { Images, type ImageDocument } from '@/features/images/images';
import { imageDocument } from '@/features/images/test-image';
import { removeImage, updateImage } from '@/features/images/image-library';
import type { Files } from '@/server/files/port';
import { changeEventStatus, createEvent, duplicateEvent, eventCovers, getEventForAdmin, listEventsForAdmin, updateEvent } from './event-admin';
import { findEventBySlug, listPublicEvents, nextEvents, sitemapEvents } from './public-events';
import { programmeOf } from './programme';
import { EventInput } from './events.inputs';
import { eventForm } from './test-event';
import type { Identity } from '@/access/identity';

const admin: Identity = { uid: 'admin-1', email: 'admin@example.org', emailVerified: true, displayName: 'Admin', photoURL: null, role: 'admin' };
const otherAdmin: Identity = { ...admin, uid: 'admin-2', email: 'other@example.org', displayName: 'Other' };

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const image: ImageDocument = { ...imageDocument(new Date('2030-01-01')), width: 1600, height: 900, alt: { en: 'The stage', de: 'Die Bühne' }, tags: ['cover'] };

const noFiles = { delete: async () => {} } as unknown as Files;

describe('event administration', () => {
  let documents: SqliteDocuments;
  beforeEach(() => {
    documents = new SqliteDocuments(':memory:');
  });

  it('creates a draft with a slug made from the English title and times read at the venue (Berlin)', async () => {
    const saved = await createEvent(documents, admin, eventForm());
    expect(saved.slug).toBe('harbour-lights');
    const event = await getEventForAdmin(documents, { id: saved.id });
    expect(event.status).toBe('draft');
    // 21:00 in Berlin in June is 19:00 UTC (summer time).
    expect(event.startsAt.toISOString()).toBe('2030-06-05T19:00:00.000Z');
    expect(event.doorsAt.toISOString()).toBe('2030-06-05T18:00:00.000Z');
    expect(event.updatedBy).toBe(admin.uid);
  });

  it('numbers generated slugs that are taken, but refuses a taken slug asked for, naming its event', async () => {
    await createEvent(documents, admin, eventForm());
    expect((await createEvent(documents, admin, eventForm())).slug).toBe('harbour-lights-2');
    const error = await refusal(createEvent(documents, admin, eventForm({ slug: 'harbour-lights' })));
    expect(error.reason).toBe('slugTaken');
    expect(error.params).toEqual({ slug: 'harbour-lights', event: 'Harbour Lights' });
    expect(error.field).toBe('slug');
  });

  it('refuses bad input without writing anything', async () => {
    // The form's own rules hold at the procedure, which parses it once.
    expect(EventInput.safeParse(eventForm({ slug: 'Not A Slug!' })).success).toBe(false);
    expect(EventInput.safeParse(eventForm({ title: { en: '', de: 'x' } })).success).toBe(false);
    expect(await refusal(createEvent(documents, admin, eventForm({ endsAt: '2030-06-05T20:00' })))).toMatchObject({ reason: 'endBeforeStart', field: 'endsAt' });
    expect(await refusal(createEvent(documents, admin, eventForm({ doorsAt: '2030-06-05T22:00' })))).toMatchObject({ reason: 'doorsAfterStart', field: 'doorsAt' });
    // A time that is no day of the calendar is named itself, whichever of the three it is.
    expect(await refusal(createEvent(documents, admin, eventForm({ endsAt: '2030-02-31T03:00' })))).toMatchObject({ reason: 'invalidTime', field: 'endsAt' });
    expect(await refusal(createEvent(documents, admin, eventForm({ coverImageId: 'missing' })))).toMatchObject({ reason: 'coverNotFound', field: 'coverImageId' });
    expect((await listEventsForAdmin(documents, { filter: 'all', search: '' })).events).toEqual([]);
  });

  it('keeps a former slug pointing at the event, so the old address can redirect', async () => {
    const saved = await createEvent(documents, admin, eventForm());
    await changeEventStatus(documents, admin, { id: saved.id, action: 'publish' });
    await updateEvent(documents, admin, { id: saved.id, event: eventForm({ slug: 'harbour-lights-summer' }) });
    expect(await findEventBySlug(documents, 'harbour-lights')).toEqual({ kind: 'moved', slug: 'harbour-lights-summer' });
    expect(await findEventBySlug(documents, 'harbour-lights-summer')).toMatchObject({ kind: 'event', event: { id: saved.id } });
    // Another event can't take the old address, and going back to it works.
    expect((await refusal(createEvent(documents, admin, eventForm({ slug: 'harbour-lights' })))).reason).toBe('slugTaken');
    await updateEvent(documents, admin, { id: saved.id, event: eventForm({ slug: 'harbour-lights' }) });
    const event = await getEventForAdmin(documents, { id: saved.id });
    expect(event.slug).toBe('harbour-lights');
    expect(event.previousSlugs).toEqual(['harbour-lights-summer']);
    expect(await findEventBySlug(documents, 'harbour-lights-summer')).toEqual({ kind: 'moved', slug: 'harbour-lights' });
  });

  it('shows drafts to nobody, cancelled events with their page, and publishes, unpublishes and cancels', async () => {
    const saved = await createEvent(documents, admin, eventForm());
    expect(await findEventBySlug(documents, saved.slug)).toEqual({ kind: 'missing' });
    expect(await changeEventStatus(documents, otherAdmin, { id: saved.id, action: 'publish' })).toBe('published');
    expect(await getEventForAdmin(documents, { id: saved.id })).toMatchObject({ publishedAt: expect.any(Date), updatedBy: otherAdmin.uid });
    expect(await changeEventStatus(documents, admin, { id: saved.id, action: 'cancel' })).toBe('cancelled');
    expect(await findEventBySlug(documents, saved.slug)).toMatchObject({ kind: 'event', event: { status: 'cancelled' } });
    expect(await changeEventStatus(documents, admin, { id: saved.id, action: 'unpublish' })).toBe('draft');
    expect((await refusal(changeEventStatus(documents, admin, { id: saved.id, action: 'cancel' }))).reason).toBe('eventStatusChange');
    expect(await findEventBySlug(documents, saved.slug)).toEqual({ kind: 'missing' });
    expect(await findEventBySlug(documents, 'no-such-event')).toEqual({ kind: 'missing' });
    expect(await findEventBySlug(documents, '../../etc')).toEqual({ kind: 'missing' });
  });

  it('duplicates an event as a draft under the next free slug', async () => {
    const saved = await createEvent(documents, admin, eventForm());
    await changeEventStatus(documents, admin, { id: saved.id, action: 'publish' });
    const copy = await duplicateEvent(documents, otherAdmin, { id: saved.id });
    expect(copy.slug).toBe('harbour-lights-2');
    const event = await getEventForAdmin(documents, { id: copy.id });
    expect(event).toMatchObject({ status: 'draft', title: { en: 'Harbour Lights' }, publishedAt: null, previousSlugs: [], updatedBy: otherAdmin.uid });
  });

  it('filters the admin list and finds events by the start of a word in either language', async () => {
    const now = new Date('2030-06-10T12:00:00Z');
    const past = await createEvent(documents, admin, eventForm());
    const future = await createEvent(documents, admin, eventForm({ title: { en: 'Winter Ball', de: 'Winterball' }, doorsAt: '2030-12-05T20:00', startsAt: '2030-12-05T21:00', endsAt: '2030-12-06T02:00' }));
    const draft = await createEvent(documents, admin, eventForm({ title: { en: 'Quiet Draft', de: 'Stiller Entwurf' } }));
    await changeEventStatus(documents, admin, { id: past.id, action: 'publish' });
    await changeEventStatus(documents, admin, { id: future.id, action: 'publish' });
    const ids = async (input: Parameters<typeof listEventsForAdmin>[1]) => (await listEventsForAdmin(documents, input, now)).events.map((event) => event.id);
    expect(await ids({ filter: 'upcoming', search: '' })).toEqual([future.id]);
    expect(await ids({ filter: 'past', search: '' })).toEqual([past.id]);
    expect(await ids({ filter: 'drafts', search: '' })).toEqual([draft.id]);
    expect(await ids({ filter: 'cancelled', search: '' })).toEqual([]);
    expect(await ids({ filter: 'all', search: 'hafen' })).toEqual([past.id]);
    expect(await ids({ filter: 'all', search: 'Stil' })).toEqual([draft.id]);
    expect(await ids({ filter: 'upcoming', search: 'harbour' })).toEqual([]);
  });

  it('lists the public programme upcoming first (soonest first), then past (latest first), without drafts', async () => {
    const now = new Date('2030-06-10T12:00:00Z');
    const times = (day: number) => {
      const date = `2030-06-${String(day).padStart(2, '0')}`;
      return { doorsAt: `${date}T20:00`, startsAt: `${date}T21:00`, endsAt: `${date}T23:00` };
    };
    const made = [];
    for (const day of [12, 3, 20, 7]) {
      const saved = await createEvent(documents, admin, eventForm({ ...times(day), title: { en: `Night ${day}`, de: `Nacht ${day}` } }));
      await changeEventStatus(documents, admin, { id: saved.id, action: 'publish' });
      made.push(saved);
    }
    await createEvent(documents, admin, eventForm(times(15)));
    const programme = programmeOf(await listPublicEvents(documents), now);
    expect(programme.upcoming.map((event) => event.title.en)).toEqual(['Night 12', 'Night 20']);
    expect(programme.past.map((event) => event.title.en)).toEqual(['Night 7', 'Night 3']);
    expect((await nextEvents(documents, 1, now)).map((event) => event.title.en)).toEqual(['Night 12']);
    expect((await sitemapEvents(documents)).map((event) => event.slug).sort()).toEqual(made.map((event) => event.slug).sort());
    expect(programme.upcoming[0]).not.toHaveProperty('drinkAllowance');
  });

  it('refuses to delete an image that is a cover, naming the event in the caller’s language', async () => {
    await documents.collection(Images).doc('img1').set(image);
    const saved = await createEvent(documents, admin, eventForm({ coverImageId: 'img1' }));
    expect((await getEventForAdmin(documents, { id: saved.id })).cover).toEqual({ imageId: 'img1', width: 1600, height: 900, alt: image.alt });
    const error = await refusal(removeImage({ documents, files: noFiles }, eventCovers, admin, { id: 'img1' }, 'de'));
    expect(error).toMatchObject({ reason: 'imageIsCover', kind: 'conflict', params: { event: 'Hafenlichter' } });
    expect((await documents.collection(Images).doc('img1').get()).exists).toBe(true);
    // Alt texts edited in the library reach the cover; once the cover changes, deleting works.
    await updateImage(documents, eventCovers, admin, { id: 'img1', alt: { en: 'Stage at night', de: 'Bühne bei Nacht' } });
    expect((await getEventForAdmin(documents, { id: saved.id })).cover?.alt.en).toBe('Stage at night');
    await updateEvent(documents, admin, { id: saved.id, event: eventForm({ coverImageId: null }) });
    await removeImage({ documents, files: noFiles }, eventCovers, admin, { id: 'img1' }, 'de');
    expect((await documents.collection(Images).doc('img1').get()).exists).toBe(false);
  });

  it('refuses a members-only lounge image as a public cover, and turning a cover into one', async () => {
    await documents.collection(Images).doc('lounge1').set({ ...image, tags: ['lounge'] });
    expect(await refusal(createEvent(documents, admin, eventForm({ coverImageId: 'lounge1' })))).toMatchObject({ reason: 'coverMembersOnly', field: 'coverImageId' });
    await documents.collection(Images).doc('img1').set(image);
    await createEvent(documents, admin, eventForm({ coverImageId: 'img1' }));
    const error = await refusal(updateImage(documents, eventCovers, admin, { id: 'img1', tags: ['cover', 'lounge'] }, 'en'));
    expect(error).toMatchObject({ reason: 'coverToLounge', params: { event: 'Harbour Lights' } });
    expect((await documents.collection(Images).doc('img1').get()).data?.tags).toEqual(['cover']);
  });
});

describe('editing at the same time', () => {
  it('refuses to overwrite a change made after the form was loaded', async () => {
    const documents = new SqliteDocuments(':memory:');
    const saved = await createEvent(documents, admin, eventForm());
    const loaded = (await getEventForAdmin(documents, { id: saved.id })).updatedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await updateEvent(documents, otherAdmin, { id: saved.id, event: eventForm({ title: { en: 'Theirs', de: 'Ihres' } }), loadedUpdatedAt: loaded });
    const error = await refusal(updateEvent(documents, admin, { id: saved.id, event: eventForm({ title: { en: 'Mine', de: 'Meins' } }), loadedUpdatedAt: loaded }));
    expect(error).toMatchObject({ reason: 'eventChangedMeanwhile', kind: 'conflict' });
    expect(await getEventForAdmin(documents, { id: saved.id })).toMatchObject({ title: { en: 'Theirs' }, updatedBy: otherAdmin.uid });
  });
});
