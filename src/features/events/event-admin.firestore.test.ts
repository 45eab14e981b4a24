// The admin's event writes on the Firestore adapter too (the in-process stand-in): each records the
// acting admin from their verified identity and keeps the public mirror in the same transaction.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Documents } from '@/server/documents/port';
import { standInDocuments } from '@/server/testing/firestore-stand-in';
import type { Identity } from '@/access/identity';
import { changeEventStatus, createEvent, duplicateEvent, getEventForAdmin, updateEvent } from './event-admin';
import { findEventBySlug } from './public-events';
import { eventForm } from './test-event';
import { mirrorProblems } from './test-mirror';

const admin: Identity = { uid: 'admin-1', email: 'admin@example.org', emailVerified: true, displayName: 'Admin', photoURL: null, role: 'admin' };
const otherAdmin: Identity = { ...admin, uid: 'admin-2', email: 'other@example.org', displayName: 'Other' };

const form = eventForm();

describe('event administration, on Firestore', () => {
  let documents: Documents;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ documents, close } = await standInDocuments());
  });
  afterEach(() => close());

  it('records who made each change, and the mirror follows every write', async () => {
    const saved = await createEvent(documents, admin, form);
    expect((await getEventForAdmin(documents, { id: saved.id })).updatedBy).toBe(admin.uid);

    await changeEventStatus(documents, otherAdmin, { id: saved.id, action: 'publish' });
    expect(await getEventForAdmin(documents, { id: saved.id })).toMatchObject({ status: 'published', updatedBy: otherAdmin.uid });

    await updateEvent(documents, admin, { id: saved.id, event: { ...form, slug: 'harbour-lights-summer' } });
    expect(await getEventForAdmin(documents, { id: saved.id })).toMatchObject({ slug: 'harbour-lights-summer', updatedBy: admin.uid });
    expect(await findEventBySlug(documents, 'harbour-lights')).toEqual({ kind: 'moved', slug: 'harbour-lights-summer' });

    const copy = await duplicateEvent(documents, otherAdmin, { id: saved.id });
    expect(await getEventForAdmin(documents, { id: copy.id })).toMatchObject({ status: 'draft', updatedBy: otherAdmin.uid });
    expect(await mirrorProblems(documents)).toEqual([]);
  });
});
