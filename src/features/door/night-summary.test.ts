// The morning after: at 10:00 at the venue each admin who chose it gets one summary per event whose
// door closed since the previous 10:00 and scanned anyone; once, whatever round or server asks
// again; later the same day after a server was down, never for an older night; right on the day
// the clocks change. The mail states the figures in the admin's language, carries its chart
// inline and names nobody. On SQLite and on the Firestore stand-in.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Documents } from '@/server/documents/port';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { standInDocuments } from '@/server/testing/firestore-stand-in';
import { RecordingTransport } from '@/server/testing/recording-mail';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { Mail } from '@/features/mail/outbox';
import { sendDueMail } from '@/features/mail/sender';
import { Checkins, Scans, type ScanDocument } from './door-records';
import { addEvent, HOUR } from './test-door';
import { nightSummaryMailId, queueNightSummaries } from './night-summary';
import type { Verdict } from './constants';

const MINUTE = 60 * 1000;
const SITE = 'https://nordlicht.example';
/** Friday night, 27 November 2026: doors at 21:00 in Berlin (20:00 UTC), closing at 03:00. */
const DOORS = new Date('2026-11-27T20:00:00Z');
/** 10:00 in Berlin on Saturday (winter time, UTC+1). */
const TEN = new Date('2026-11-28T09:00:00Z');
const at = (minutes: number, from = DOORS) => new Date(from.getTime() + minutes * MINUTE);

const backends: [string, () => Promise<{ documents: Documents; close: () => Promise<void> }>][] = [
  ['SQLite', async () => ({ documents: new SqliteDocuments(':memory:'), close: async () => {} })],
  ['the Firestore stand-in', standInDocuments],
];

describe.each(backends)('the summary of last night on %s', (_, open) => {
  let documents: Documents;
  let close: () => Promise<void>;
  let scans = 0;

  async function scan(eventId: string, verdict: Verdict, when: Date, device = 'Front door', uid = `member-${scans}`) {
    scans += 1;
    const record: ScanDocument = { eventId, mode: 'entry', source: 'camera', verdict, uid, name: `Person ${uid}`, scannerUid: 'door-1', device, at: when, detail: { firstAt: null, firstDevice: null, drinksLeft: null } };
    await documents.collection(Scans).doc(`scan-${scans}`).create(record);
    if (verdict === 'admitted') await documents.collection(Checkins).doc(`${eventId}-${uid}`).create({ eventId, uid, at: when, scannerUid: 'door-1', scannerName: 'Door one', device, source: 'camera' });
  }
  const queued = async () => (await documents.collection(Mail).where('kind', '==', 'nightSummary').get()).map(({ id }) => id).sort();

  beforeEach(async () => {
    ({ documents, close } = await open());
    const chose = { mail: { announcements: false, unsubscribeToken: null, digest: false, nightSummary: true } };
    await addTestUser(documents, testPerson('alex', 'admin'), { ...chose, locale: 'en' }, DOORS);
    await addTestUser(documents, testPerson('berta', 'admin'), { ...chose, locale: 'de' }, DOORS);
    // An admin who did not choose it, a former admin and a disabled admin who did: none for them.
    await addTestUser(documents, testPerson('carl', 'admin'), {}, DOORS);
    await addTestUser(documents, testPerson('dora', 'user'), chose, DOORS);
    await addTestUser(documents, testPerson('erik', 'admin'), { ...chose, disabled: true }, DOORS);
    await addEvent(documents, 'friday', DOORS, { doorsAt: DOORS, hours: 6 });
    await scan('friday', 'admitted', at(10));
    await scan('friday', 'admitted', at(12), 'Side door');
    await scan('friday', 'admitted', at(40));
    await scan('friday', 'invalid', at(41));
    await scan('friday', 'full', at(42));
    await scan('friday', 'full', at(43));
  });
  afterEach(() => close());

  it('queues nothing at 09:59, one mail per opted-in admin at 10:00, nothing more at 10:05', async () => {
    expect(await queueNightSummaries(documents, at(-1, TEN))).toBe(0);
    expect(await queued()).toEqual([]);
    // Two servers at ten at once queue each mail once.
    const [one, other] = await Promise.all([queueNightSummaries(documents, TEN), queueNightSummaries(documents, TEN)]);
    expect(one + other).toBe(2);
    expect(await queued()).toEqual([nightSummaryMailId('friday', 'alex'), nightSummaryMailId('friday', 'berta')]);
    expect(await queueNightSummaries(documents, at(5, TEN))).toBe(0);
    expect(await queued()).toHaveLength(2);
  });

  it('gives a second event of the same night its own mail, and none to a night nobody scanned at', async () => {
    await addEvent(documents, 'late', DOORS, { doorsAt: at(60), hours: 7 });
    await addEvent(documents, 'quiet', DOORS, { doorsAt: DOORS, hours: 5 });
    await scan('late', 'admitted', at(90), 'Back door');
    expect(await queueNightSummaries(documents, TEN)).toBe(4);
    expect(await queued()).toEqual(['friday-alex', 'friday-berta', 'late-alex', 'late-berta'].map((pair) => nightSummaryMailId(pair.split('-')[0]!, pair.split('-')[1]!)).sort());
  });

  it('sends it later the same day when no server ran at 10:00, but never for an older night', async () => {
    expect(await queueNightSummaries(documents, at(5 * 60, TEN))).toBe(2);
    await documents.collection(Mail).doc(nightSummaryMailId('friday', 'alex')).delete();
    // The next morning the Friday night is yesterday's: not sent again, even where one went missing.
    expect(await queueNightSummaries(documents, at(24 * 60, TEN))).toBe(0);
    expect(await queueNightSummaries(documents, at(26 * 60, TEN))).toBe(0);
  });

  it('mails the figures in the admin’s language with the chart inline, a link to the door figures and how to stop it, and names nobody', async () => {
    await queueNightSummaries(documents, TEN);
    const transport = new RecordingTransport();
    expect(await sendDueMail({ documents, transport, siteUrl: SITE }, TEN)).toMatchObject({ sent: 2 });
    const english = transport.sent.find((mail) => mail.to === 'alex@example.org')!;
    const german = transport.sent.find((mail) => mail.to === 'berta@example.org')!;
    expect(english.subject).toBe('Last night at Nordlicht: Event friday');
    expect(german.subject).toBe('Letzte Nacht im Nordlicht: Veranstaltung friday');
    expect(english.text).toContain('Admitted: 3, no guests among them.');
    // The third admission (21:40) found the two before it inside.
    expect(english.text).toContain('Most inside at once: 3 (at 21:40).');
    expect(english.text).toContain('Turned away: 2 × Full and 1 × Invalid code.');
    expect(english.text).toContain('2 at Front door (blue) and 1 at Side door (orange, striped)');
    expect(english.text).toContain('Open the event’s door figures: https://nordlicht.example/admin/events?edit=friday');
    expect(english.text).toContain('turn off “Summary of last night by e-mail”');
    expect(german.text).toContain('Abgewiesen: 2-mal „Voll“ und 1-mal „Ungültiger Code“.');
    expect(german.text).toContain('Front door: 2 (blau) und Side door: 1 (orange, gestreift)');
    expect(german.text).toContain('https://nordlicht.example/de/admin/events?edit=friday');
    expect(german.text).toContain('um 21:40 Uhr');

    // The chart travels in the mail, named by its Content-ID; the HTML loads nothing from anywhere.
    const [chart] = english.attachments!;
    expect(chart).toMatchObject({ cid: 'arrivals-friday@night-summary', contentType: 'image/png' });
    expect(chart!.content.subarray(1, 4).toString()).toBe('PNG');
    expect(english.html).toContain('src="cid:arrivals-friday@night-summary"');
    expect(english.html.match(/src="([^"]*)"/g)).toEqual(['src="cid:arrivals-friday@night-summary"']);
    expect(english.html).toContain('alt="Chart of arrivals per 15 minutes from 21:00 to 03:00, by door: 2 at Front door (blue) and 1 at Side door (orange, striped). Busiest quarter hour from 21:00, with 2 arrivals."');

    // Figures only: no member's name or id, no scanner's.
    for (const mail of [english, german]) {
      for (const part of [mail.text, mail.html]) expect(part).not.toMatch(/Person |member-|Door one|door-1/);
    }
  });
});

describe('the summary of last night when the clocks change', () => {
  // 28 March 2027: Berlin moves from UTC+1 to UTC+2 at 02:00, so 10:00 there is 08:00 UTC, and the
  // day before's 10:00 was 09:00 UTC, 23 hours earlier.
  const TEN_SUMMER = new Date('2027-03-28T08:00:00Z');
  let documents: SqliteDocuments;

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    await addTestUser(documents, testPerson('alex', 'admin'), { mail: { announcements: false, unsubscribeToken: null, digest: false, nightSummary: true } });
    // One event closed at 10:30 on Saturday (after Saturday's summaries), one at 09:30 (Saturday's own).
    await addEvent(documents, 'afterTen', TEN_SUMMER, { doorsAt: new Date('2027-03-27T03:30:00Z'), hours: 6 });
    await addEvent(documents, 'beforeTen', TEN_SUMMER, { doorsAt: new Date('2027-03-27T02:30:00Z'), hours: 6 });
    for (const eventId of ['afterTen', 'beforeTen']) {
      await documents.collection(Scans).doc(`scan-${eventId}`).create({ eventId, mode: 'entry', source: 'camera', verdict: 'invalid', uid: null, name: null, scannerUid: 'door-1', device: 'Front door', at: new Date('2027-03-27T05:00:00Z'), detail: { firstAt: null, firstDevice: null, drinksLeft: null } });
    }
  });

  it('goes at 10:00 summer time, for the nights since Saturday’s 10:00 winter time', async () => {
    expect(await queueNightSummaries(documents, new Date(TEN_SUMMER.getTime() - MINUTE))).toBe(0);
    expect(await queueNightSummaries(documents, TEN_SUMMER)).toBe(1);
    expect((await documents.collection(Mail).doc(nightSummaryMailId('afterTen', 'alex')).get()).exists).toBe(true);
    // 24 hours before 08:00 UTC would have taken the event that closed at 09:30 on Saturday too.
    expect((await documents.collection(Mail).doc(nightSummaryMailId('beforeTen', 'alex')).get()).exists).toBe(false);
  });

  it('summarised the event that closed at 09:30 on Saturday at Saturday’s 10:00, winter time', async () => {
    const saturdayTen = new Date(TEN_SUMMER.getTime() - 23 * HOUR);
    expect(await queueNightSummaries(documents, new Date(saturdayTen.getTime() - MINUTE))).toBe(0);
    expect(await queueNightSummaries(documents, saturdayTen)).toBe(1);
    expect((await documents.collection(Mail).doc(nightSummaryMailId('beforeTen', 'alex')).get()).exists).toBe(true);
  });
});
