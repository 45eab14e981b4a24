// A guest's name and address go 30 days after their event (issue 45, part 8), on SQLite and on
// the Firestore stand-in, through the query the sweep makes; the ticket stays for the figures.
import { afterEach, describe, expect, it } from 'vitest';
import type { Documents } from '@/server/documents/port';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { standInDocuments } from '@/server/testing/firestore-stand-in';
import { Tickets } from '@/features/door/ticket-records';
import { bringGuest } from './guests';
import { HOLDER_REMOVED } from './cancel';
import { pseudonymiseTicketHolders, TICKET_HOLDER_KEPT_DAYS } from './ticket-retention';
import { addMember, addUpcomingEvent, DAY, ticketPortsOf } from './test-guests';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

const backends: [string, () => Promise<{ documents: Documents; close: () => Promise<void> }>][] = [
  ['SQLite', async () => ({ documents: new SqliteDocuments(':memory:'), close: async () => undefined })],
  ['the Firestore stand-in', standInDocuments],
];

describe.each(backends)('guests pseudonymised on %s', (_name, open) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(() => close?.());

  it('replaces the name and address 30 days after the event, not a day before, and once', async () => {
    const store = await open();
    close = store.close;
    const { documents } = store;
    await addUpcomingEvent(documents, 'friday', NOW, { inDays: 1 });
    await addUpcomingEvent(documents, 'later', NOW, { inDays: 20 });
    const { identity } = await addMember(documents, 'mia', NOW);
    const kai = await bringGuest(ticketPortsOf(documents), identity, { eventId: 'friday', name: 'Kai', email: 'kai@example.org' }, NOW);
    const lou = await bringGuest(ticketPortsOf(documents), identity, { eventId: 'later', name: 'Lou', email: null }, NOW);
    // friday's door opens a day from now and it ends five hours later.
    const fridayEnds = NOW.getTime() + DAY + 5 * 60 * 60 * 1000;
    const dayBefore = new Date(fridayEnds + (TICKET_HOLDER_KEPT_DAYS - 1) * DAY);
    expect(await pseudonymiseTicketHolders(documents, dayBefore)).toBe(0);
    const due = new Date(fridayEnds + TICKET_HOLDER_KEPT_DAYS * DAY);
    expect(await pseudonymiseTicketHolders(documents, due)).toBe(1);
    expect((await documents.collection(Tickets).doc(kai.ticketId).get()).data).toMatchObject({ holder: HOLDER_REMOVED, pseudonymisedAt: due, state: 'valid', sponsorUid: 'mia' });
    expect((await documents.collection(Tickets).doc(lou.ticketId).get()).data!.holder).toEqual({ name: 'Lou', email: null });
    expect(await pseudonymiseTicketHolders(documents, due)).toBe(0);
  });
});
