// A member's guests on the Firestore adapter (the in-process stand-in, which isolates no
// transaction: decision 019): the allowances hold with many requests at once only because each
// guest creates its slots on fixed ids (./guest-slots.ts), and cancelling frees them.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Documents } from '@/server/documents/port';
import { standInDocuments } from '@/server/testing/firestore-stand-in';
import { Events } from '@/features/events/events';
import { Tickets } from '@/features/door/ticket-records';
import { GuestSlots } from './guest-slots';
import { bringGuest, cancelGuest, myGuests } from './guests';
import { addMember, addUpcomingEvent, ticketPortsOf } from './test-guests';
import { testPerson } from '@/features/identity/test-users';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

describe('guests on Firestore', () => {
  let documents: Documents;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ documents, close } = await standInDocuments());
    await addUpcomingEvent(documents, 'friday', NOW);
  });
  afterEach(() => close());

  it("never exceeds the season's or the event's allowance with many requests at once", async () => {
    const { identity } = await addMember(documents, 'mia', NOW, { guestsPerSeason: 3 });
    await documents.collection(Events).doc('friday').update({ guestsPerMember: 10 });
    const season = await Promise.allSettled(Array.from({ length: 8 }, (_, n) => bringGuest(ticketPortsOf(documents), identity, { eventId: 'friday', name: `Guest ${n}`, email: null }, NOW)));
    expect(season.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect(season.flatMap((result) => (result.status === 'rejected' ? [(result.reason as { reason?: string }).reason] : []))).toEqual(Array(5).fill('guestsPerSeasonUsed'));
    expect(await documents.collection(Tickets).count()).toBe(3);

    const { identity: ole } = await addMember(documents, 'ole', NOW);
    await addUpcomingEvent(documents, 'saturday', NOW, { inDays: 3, guestsPerMember: 2 });
    const event = await Promise.allSettled(Array.from({ length: 8 }, (_, n) => bringGuest(ticketPortsOf(documents), ole, { eventId: 'saturday', name: `Guest ${n}`, email: null }, NOW)));
    expect(event.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    expect((await documents.collection(Tickets).where('eventId', '==', 'saturday').get()).length).toBe(2);
  });

  it('cancelling a guest frees its slots, through the queries the list and the cancel make', async () => {
    const { identity } = await addMember(documents, 'mia', NOW, { guestsPerSeason: 1 });
    const kai = await bringGuest(ticketPortsOf(documents), identity, { eventId: 'friday', name: 'Kai', email: 'kai@example.org' }, NOW);
    expect((await myGuests(documents, testPerson('mia'), NOW)).season).toEqual({ allowed: 1, used: 1 });
    await cancelGuest(documents, identity, { ticketId: kai.ticketId }, NOW);
    expect((await myGuests(documents, testPerson('mia'), NOW)).season).toEqual({ allowed: 1, used: 0 });
    await bringGuest(ticketPortsOf(documents), identity, { eventId: 'friday', name: 'Lou', email: null }, NOW);
  });
});

describe('tickets in the Firestore rules', () => {
  it('are the server\'s alone: no rule opens tickets or guest slots to a browser, so the rules\' default denies them', () => {
    const rules = readFileSync(new URL('../../../firebase/firestore.rules', import.meta.url), 'utf8');
    expect(rules).toMatch(/match \/\{document=\*\*\} \{\s*allow read, write: if false;\s*\}/);
    for (const collection of [Tickets.name, GuestSlots.name]) expect(rules).not.toContain(`match /${collection}/`);
  });
});
