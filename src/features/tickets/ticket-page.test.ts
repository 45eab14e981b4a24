// The ticket page's data and the holder's own cancel (issue 45, parts 3 and 8): the link's secret
// opens the ticket and nothing else does (the same refusal as no ticket); a cancelled ticket shows
// no code; the holder's cancel deletes the name and address they gave and mails nobody; and the
// ticket's mails read right in both languages, the guest's with its own reason in the footer.
import { beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { Tickets } from '@/features/door/ticket-records';
import { Mail } from '@/features/mail/outbox';
import { renderMail } from '@/features/mail/templates';
import { bringGuest } from './guests';
import { cancelOwnTicket, ticketForPage } from './ticket-page';
import { cancelTicket, HOLDER_REMOVED } from './cancel';
import { addMember, addUpcomingEvent, DAY, testTicketKeys, ticketPortsOf } from './test-guests';

const NOW = new Date('2026-11-20T12:00:00Z');
const SITE = { siteUrl: 'https://nordlicht.example', now: NOW };

function linkOf(path: string) {
  const url = new URL(path, 'https://x.example');
  return { id: url.pathname.split('/')[2]!, key: url.searchParams.get('key')! };
}

describe('the ticket page', () => {
  let documents: SqliteDocuments;
  let link: { id: string; key: string };

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    await addUpcomingEvent(documents, 'friday', NOW);
    const { identity } = await addMember(documents, 'mia', NOW);
    link = linkOf((await bringGuest(ticketPortsOf(documents), identity, { eventId: 'friday', name: 'Kai', email: 'kai@example.org' }, NOW)).link);
  });

  it('opens with the secret alone: a wrong secret is the same refusal as an unknown ticket', async () => {
    const view = await ticketForPage(ticketPortsOf(documents), link, NOW);
    expect(view).toMatchObject({ id: link.id, kind: 'guest', state: 'valid', holderName: 'Kai', sponsorName: 'Mia mia', cancellable: true, event: { slug: 'friday' } });
    const signature = (await documents.collection(Tickets).doc(link.id).get()).data!.signature;
    expect(view.code).toBe(testTicketKeys.codeOf(link.id, signature));
    const wrong = { ...link, key: link.key.replace(/^./, (first) => (first === 'A' ? 'B' : 'A')) };
    await expect(ticketForPage(ticketPortsOf(documents), wrong, NOW)).rejects.toMatchObject({ kind: 'not-found', reason: 'noSuchTicket' });
    await expect(ticketForPage(ticketPortsOf(documents), { id: 'AAAAAAAAAAAAAAAA', key: link.key }, NOW)).rejects.toMatchObject({ kind: 'not-found', reason: 'noSuchTicket' });
    await expect(cancelOwnTicket(documents, wrong, NOW)).rejects.toMatchObject({ reason: 'noSuchTicket' });
  });

  it("the holder's cancel stops the ticket and deletes what they gave, telling nobody; after the door opens it is refused", async () => {
    await expect(cancelOwnTicket(documents, link, new Date(NOW.getTime() + 3 * DAY))).rejects.toMatchObject({ reason: 'ticketCancelClosed' });
    await cancelOwnTicket(documents, link, NOW);
    const ticket = (await documents.collection(Tickets).doc(link.id).get()).data!;
    expect(ticket).toMatchObject({ state: 'cancelled', cancelledBy: 'holder', holder: HOLDER_REMOVED, pseudonymisedAt: NOW });
    expect((await documents.collection(Mail).get()).map(({ data }) => data.kind)).toEqual(['guestTicket']);
    const view = await ticketForPage(ticketPortsOf(documents), link, NOW);
    expect(view).toMatchObject({ state: 'cancelled', code: null, cancellable: false, holderName: HOLDER_REMOVED.name, cancelledBy: 'holder' });
  });

  it('an admin’s cancel of any kind tells the holder by mail, in the same transaction', async () => {
    await documents.runTransaction((tx) => cancelTicket(documents, tx, link.id, { by: 'admin' }, NOW));
    const mails = await documents.collection(Mail).where('kind', '==', 'ticketCancelled').get();
    expect(mails.map(({ data }) => [data.to, data.params.by])).toEqual([['kai@example.org', 'admin']]);
  });
});

describe("a ticket's mails", () => {
  it("carry the ticket's link under the guest's language and say why a person without an account gets them", () => {
    const de = renderMail('guestTicket', 'service', 'de', { name: 'Kai', sponsor: 'Mia', event: 'Nachtflug', date: '4. Dezember 2026', doors: '22:00', venue: 'Nordlicht, Kaistraße 7', link: '/tickets/AbCdEfGhIjKlMnOp?key=k' }, SITE);
    expect(de.subject).toBe('Mia nimmt dich mit zu Nachtflug');
    expect(de.text).toContain('Ticket öffnen: https://nordlicht.example/de/tickets/AbCdEfGhIjKlMnOp?key=k');
    expect(de.text).toContain('als Gast eingeladen');
    expect(de.text).not.toContain('ein Konto bei Nordlicht');
    const en = renderMail('ticketCancelled', 'service', 'en', { name: 'Kai', event: 'Night Flight', date: '4 December 2026', by: 'sponsor', sponsor: 'Mia', link: '/events/night' }, SITE);
    expect(en.text).toContain('Kai, your ticket for Night Flight on 4 December 2026 no longer admits you. Mia cancelled it.');
    const admin = renderMail('ticketCancelled', 'service', 'en', { name: 'Kai', event: 'Night Flight', date: '4 December 2026', by: 'admin', sponsor: '', link: '/events/night' }, SITE);
    expect(admin.text).toContain('The venue cancelled it.');
  });
});
