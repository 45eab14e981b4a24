// Delivering a notification, exactly once per recipient, resumable after a crash, by one server
// at a time. When sending starts the audience is resolved (who is in it now, not when it was
// written) into chunks of recipients (`notificationChunks/{id}_{n}`), each with the recipient's
// language. Each chunk then goes through three states, each a write before the work it allows:
//   pending -> inbox: every recipient's in-app copy is created, in one transaction with the state;
//   inbox -> pushing: written BEFORE the pushes go out; pushing -> done: with the figures.
// Every step that starts work is a transaction that also checks this server's lease, and renews
// it so that a full lease is left after the step: a server whose lease another one took over stops
// at its next step and never repeats a chunk the new holder moved on. A lease runs out only by
// time, also for the server that holds it, and one process runs a notification's delivery once at
// a time (the admin's "send now", the scheduler's round and the cron call may all start it at the
// same moment).
// A server that dies leaves the notification `sending` with a lease that runs out; the next
// server (or this one after restart) takes it over and continues with the first chunk not done.
// A chunk found `pushing` is not pushed again: its recipients have their in-app copy, and at most
// that chunk's pushes are lost, never sent twice. Gone devices are deleted as the service says.
// Where the notification goes by e-mail too, the chunk's announcement mails are queued in the
// outbox in the same transaction that writes `pushing` (one id per notification and recipient), so
// they are queued exactly once whatever crashes when; the outbox sends them (decision 047).
import 'server-only';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineCollection, type Documents, type Transaction, type UpdateData } from '@/server/documents/port';
import { MAX_IN_VALUES } from '@/server/documents/query';
import type { Push, PushMessage, PushTarget } from '@/server/push/port';
import { mailIsOn } from '@/server/mail/mail';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/i18n/routing';
import { admittedByMembership, effectiveRole, Users, type UserDocument } from '@/features/identity/users';
import { enqueueMail, type MailRequest } from '@/features/mail/outbox';
import { wantsAnnouncements } from '@/features/mail/preferences';
import { Checkins } from '@/features/door/door-records';
import { Notifications, emptyFigures, LanguageFigures, type NotificationDocument } from './notifications';
import type { Audience, IdInput } from './notifications.inputs';
import { Inbox, inboxId } from './inbox';
import { MAX_PUSH_DEVICES, PushDevices } from './push-devices';
import { messageFor } from './push-message';
import { log } from '@/server/log';
import type { Identity } from '@/access/identity';

/** Recipients per chunk: one batch of in-app copies, and the most pushes a crash can lose. */
export const CHUNK_SIZE = 250;
/** How long a server holds a delivery without renewing it before another may take over. */
export const LEASE_MS = 60_000;
/**
 * A step renews the lease only once less than LEASE_MS of it is left, and then this much further:
 * after every step at least LEASE_MS remain, as before, while the steps of a delivery that follow
 * each other within a second write the notification once, not each (every write of it rewrites
 * the pages of its six indexes too). Another server may take over 1 s later than LEASE_MS at most.
 */
const RENEWAL_MS = 1_000;
/** Pushes in flight at once for one delivery. */
const PUSH_CONCURRENCY = 20;

const Recipient = z.object({ uid: z.string(), lang: z.enum(LOCALES) });
type Recipient = z.infer<typeof Recipient>;

/** Recipients listed by language, each list in uid order. */
function byLanguage(recipients: readonly Recipient[]): Record<Locale, string[]> {
  const lists = Object.fromEntries(LOCALES.map((locale) => [locale, [] as string[]])) as Record<Locale, string[]>;
  for (const { uid, lang } of recipients) lists[lang].push(uid);
  return lists;
}

/**
 * A chunk's recipients: their uids by language. A chunk is read and written again at each of its
 * steps, and lists of strings cost a small part of what one object per recipient did to parse and
 * check. Chunks written before (one `{ uid, lang }` per recipient) read as the same lists.
 */
const ChunkRecipients = z.union([
  z.object(Object.fromEntries(LOCALES.map((locale) => [locale, z.array(z.string())])) as Record<Locale, z.ZodArray<z.ZodString>>),
  z.array(Recipient).transform(byLanguage),
]);

const ChunkDocument = z.object({
  notificationId: z.string(),
  index: z.number().int(),
  recipients: ChunkRecipients,
  state: z.enum(['pending', 'inbox', 'pushing', 'done']),
  figures: z.object(Object.fromEntries(LOCALES.map((locale) => [locale, LanguageFigures])) as Record<Locale, typeof LanguageFigures>),
});
type ChunkDocument = z.infer<typeof ChunkDocument>;
export const NotificationChunks = defineCollection('notificationChunks', ChunkDocument);
const chunkId = (id: string, index: number) => `${id}_${String(index).padStart(5, '0')}`;

/** The chunk's recipients, each with their language. */
function recipientsOf(chunk: Pick<ChunkDocument, 'recipients'>): Recipient[] {
  return LOCALES.flatMap((lang) => chunk.recipients[lang].map((uid) => ({ uid, lang })));
}

/**
 * The chunk's recipients with `uid` renamed `to` (a deleted account's anonymous id), or null when
 * the chunk does not hold `uid`.
 */
export function renameRecipient(recipients: ChunkDocument['recipients'], uid: string, to: string): ChunkDocument['recipients'] | null {
  if (!LOCALES.some((locale) => recipients[locale].includes(uid))) return null;
  return Object.fromEntries(LOCALES.map((locale) => [locale, recipients[locale].map((each) => (each === uid ? to : each))])) as ChunkDocument['recipients'];
}

export interface DeliveryPorts {
  documents: Documents;
  push: Push;
}

/** This server process, as a lease holder. */
export const SERVER_ID = randomUUID();

// ---- the audience ----

function languageOf(user: Pick<UserDocument, 'locale'>): Locale {
  return user.locale ?? DEFAULT_LOCALE;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * What deciding who receives it reads of each account: the rest of a user document (its search
 * terms above all) would be most of what is read, parsed and checked for thousands of people.
 */
const AUDIENCE_FIELDS = ['locale', 'membership', 'role'] as const;
type AudienceFields = Pick<UserDocument, (typeof AUDIENCE_FIELDS)[number]>;

/** Whether the person's membership admits them now. */
function activeMember(data: AudienceFields, now: Date): data is AudienceFields & { membership: NonNullable<UserDocument['membership']> } {
  return admittedByMembership(data, now);
}

/** `uids` in groups a query's `in` filter takes. */
function inGroups(uids: readonly string[]): string[][] {
  return Array.from({ length: Math.ceil(uids.length / MAX_IN_VALUES) }, (_, index) => uids.slice(index * MAX_IN_VALUES, (index + 1) * MAX_IN_VALUES));
}

/** Who receives it now: enabled accounts in the audience, each with their language, by uid. */
export async function resolveAudience(documents: Documents, audience: Audience, now = new Date()): Promise<Recipient[]> {
  const users = documents.collection(Users);
  const enabled = users.where('disabled', '==', false).select(...AUDIENCE_FIELDS);
  let found: { id: string; data: AudienceFields }[];
  switch (audience.kind) {
    case 'everyone':
      found = await enabled.get();
      break;
    case 'members':
      found = (await enabled.get()).filter(({ data }) => activeMember(data, now));
      break;
    case 'lapsed': {
      // No admission to any event since then (the door's records, one per member and event), among
      // members whose membership began before it: someone who joined last week has not lapsed.
      const since = new Date(now.getTime() - audience.weeks * WEEK_MS);
      const [people, admissions] = await Promise.all([enabled.get(), documents.collection(Checkins).where('at', '>=', since).select('uid').get()]);
      const seen = new Set(admissions.map((admission) => admission.data.uid));
      found = people.filter(({ id, data }) => activeMember(data, now) && data.membership.validFrom <= since && !seen.has(id));
      break;
    }
    case 'role':
      // The role the person holds now: a member role whose membership has run out reaches no one.
      found = (await users.where('role', '==', audience.role).where('disabled', '==', false).select(...AUDIENCE_FIELDS).get()).filter(({ data }) => effectiveRole(data, now) === audience.role);
      break;
    case 'people': {
      const read = await Promise.all([...new Set(audience.uids)].map(async (uid) => ({ id: uid, data: (await users.doc(uid).get()).data })));
      found = read.filter((entry): entry is { id: string; data: UserDocument } => entry.data !== undefined && !entry.data.disabled);
      break;
    }
  }
  return found.map(({ id, data }) => ({ uid: id, lang: languageOf(data) })).sort((a, b) => (a.uid < b.uid ? -1 : 1));
}

// ---- taking a delivery ----

/** Takes the notification for this server if it is due, or sending under a lease that ran out. */
async function claim(documents: Documents, id: string, holder: string, now: Date): Promise<NotificationDocument | null> {
  return documents.runTransaction(async (tx) => {
    const ref = documents.collection(Notifications).doc(id);
    const current = (await tx.get(ref)).data;
    if (!current) return null;
    const due = current.status === 'scheduled' && current.scheduledAt !== null && current.scheduledAt <= now;
    // Its own lease too only by time: the holder's id alone cannot tell a delivery of this server
    // still under way from one that stopped.
    const orphaned = current.status === 'sending' && (current.lease === null || current.lease.until <= now);
    if (!due && !orphaned) return null;
    const lease = { holder, until: new Date(now.getTime() + LEASE_MS) };
    tx.update(ref, { status: 'sending', lease, startedAt: current.startedAt ?? now, updatedAt: now });
    return { ...current, status: 'sending', lease, startedAt: current.startedAt ?? now };
  });
}

/** Another server took the delivery over: this one stops where it is. */
class LeaseLost extends Error {}

/**
 * One step of the delivery in a transaction that holds only while this server still holds the
 * lease, and renews it where less than LEASE_MS of it is left (RENEWAL_MS). The lease is read in the
 * transaction either way, so a step commits only if nobody took the delivery over meanwhile.
 * `work` reads what it needs and stages its writes; the notification's own changes come back as
 * `notification`, merged into the renewal (one write of the document).
 */
async function underLease<R>(
  documents: Documents,
  id: string,
  holder: string,
  now: Date,
  work: (tx: Transaction, current: NotificationDocument) => Promise<{ value: R; notification?: UpdateData<NotificationDocument> }>,
): Promise<R> {
  return documents.runTransaction(async (tx) => {
    const ref = documents.collection(Notifications).doc(id);
    const current = (await tx.get(ref)).data;
    if (!current || current.status !== 'sending' || current.lease?.holder !== holder) throw new LeaseLost();
    const { value, notification } = await work(tx, current);
    const renew = current.lease.until.getTime() - now.getTime() < LEASE_MS;
    if (renew || notification) tx.update(ref, { ...(renew ? { lease: { holder, until: new Date(now.getTime() + LEASE_MS + RENEWAL_MS) } } : {}), ...notification });
    return value;
  });
}

export interface DeliveryOptions {
  holder?: string;
  clock?: () => Date;
  /** Tests stop the delivery here, as a crash would (true), or hold it here, as a server that hangs. */
  crashAfter?: (step: 'chunks' | 'inbox' | 'pushing', chunk: number) => boolean | Promise<boolean>;
}

export class SimulatedCrash extends Error {}

/** The deliveries this process runs now, by holder and notification. */
const underWay = new Set<string>();

/**
 * Delivers the notification if it is due (or left behind by a server that died). Returns what it
 * did: 'sent', 'failed', or 'skipped' when it was not this server's to deliver.
 */
export async function deliverNotification(ports: DeliveryPorts, id: string, options: DeliveryOptions = {}): Promise<'sent' | 'failed' | 'skipped'> {
  const holder = options.holder ?? SERVER_ID;
  // Checked and taken before anything is awaited: a second start in this process stands aside even
  // when the lease of the first ran out while it worked (a chunk of slow push services).
  const key = `${holder}\n${id}`;
  if (underWay.has(key)) return 'skipped';
  underWay.add(key);
  try {
    return await deliver(ports, id, holder, options.clock ?? (() => new Date()), options);
  } finally {
    underWay.delete(key);
  }
}

async function deliver(ports: DeliveryPorts, id: string, holder: string, clock: () => Date, options: DeliveryOptions): Promise<'sent' | 'failed' | 'skipped'> {
  const { documents } = ports;
  const notification = await claim(documents, id, holder, clock());
  if (!notification) return 'skipped';
  try {
    const chunks = notification.chunks ?? (await writeChunks(documents, id, holder, notification, clock()));
    if (await options.crashAfter?.('chunks', -1)) throw new SimulatedCrash();
    for (let index = 0; index < chunks; index++) {
      await deliverChunk(ports, id, holder, notification, index, clock, options);
    }
    await underLease(documents, id, holder, clock(), async () => ({ value: null, notification: { status: 'sent', sentAt: clock(), lease: null, updatedAt: clock() } }));
    return 'sent';
  } catch (error) {
    if (error instanceof SimulatedCrash) throw error;
    if (error instanceof LeaseLost) return 'skipped';
    const reason = error instanceof Error ? error.message : String(error);
    log.error({ err: error, notificationId: id }, `Notification ${id} could not be delivered`);
    try {
      await underLease(documents, id, holder, clock(), async () => ({ value: null, notification: { status: 'failed', failure: reason.slice(0, 300), lease: null, updatedAt: clock() } }));
      return 'failed';
    } catch (lost) {
      if (lost instanceof LeaseLost) return 'skipped';
      throw lost;
    }
  }
}

/** Chunks written in one transaction: at most this many (100,000 recipients), within Firestore's 500 writes. */
export const MAX_CHUNKS = 400;

async function writeChunks(documents: Documents, id: string, holder: string, notification: NotificationDocument, now: Date): Promise<number> {
  const recipients = await resolveAudience(documents, notification.audience, now);
  const count = Math.ceil(recipients.length / CHUNK_SIZE);
  if (count > MAX_CHUNKS) throw new Error(`The audience has ${recipients.length} people; one notification reaches at most ${MAX_CHUNKS * CHUNK_SIZE}.`);
  // The chunks and their count in one transaction under the lease: nobody delivers a chunk before
  // all are written, and a server that lost the lease meanwhile never rewrites one already begun.
  return underLease(documents, id, holder, now, async (tx, current) => {
    if (current.chunks !== null) return { value: current.chunks };
    for (let index = 0; index < count; index++) {
      tx.set(documents.collection(NotificationChunks).doc(chunkId(id, index)), {
        notificationId: id,
        index,
        recipients: byLanguage(recipients.slice(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE)),
        state: 'pending',
        figures: { en: emptyFigures(), de: emptyFigures() },
      });
    }
    return { value: count, notification: { chunks: count, recipients: recipients.length } };
  });
}

/**
 * Moves the chunk from `from` to its next state under the lease, staging `also` with it (and the
 * chunk's other fields it returns). Returns the chunk as it was found, and whether this call moved
 * it (false: it was past `from` already).
 */
async function advanceChunk(
  documents: Documents,
  id: string,
  holder: string,
  index: number,
  from: ChunkDocument['state'],
  to: ChunkDocument['state'],
  now: Date,
  also?: (tx: Transaction, chunk: ChunkDocument) => UpdateData<ChunkDocument> | void,
) {
  const ref = documents.collection(NotificationChunks).doc(chunkId(id, index));
  return underLease(documents, id, holder, now, async (tx) => {
    const chunk = (await tx.get(ref)).data;
    if (!chunk) throw new Error(`Chunk ${index} of notification ${id} is missing.`);
    if (chunk.state !== from) return { value: { chunk, moved: false } };
    tx.update(ref, { ...also?.(tx, chunk), state: to });
    return { value: { chunk, moved: true } };
  });
}

async function deliverChunk(ports: DeliveryPorts, id: string, holder: string, notification: NotificationDocument, index: number, clock: () => Date, options: DeliveryOptions) {
  const { documents } = ports;
  const at = clock();
  const copies = documents.collection(Inbox);
  const inbox = await advanceChunk(documents, id, holder, index, 'pending', 'inbox', at, (tx, chunk) => {
    // The copies in one language differ only in whose they are: the rest is checked and encoded once.
    for (const lang of LOCALES) {
      const uids = chunk.recipients[lang];
      if (uids.length === 0) continue;
      const shared = { notificationId: id, lang, title: notification.title[lang], body: notification.body[lang], link: notification.link, at, read: false, readAt: null, test: false };
      tx.createEach(copies, shared, uids.map((uid) => ({ id: inboxId(id, uid), data: { uid } })));
    }
  });
  if (inbox.moved && (await options.crashAfter?.('inbox', index))) throw new SimulatedCrash();
  const { chunk } = inbox;
  if (chunk.state === 'done') return;
  const figures: ChunkDocument['figures'] = { en: emptyFigures(), de: emptyFigures() };
  for (const locale of LOCALES) figures[locale].recipients = chunk.recipients[locale].length;

  // Who of the chunk gets it by e-mail, read before the step below queues their mails with it.
  const mails = chunk.state === 'pending' || chunk.state === 'inbox' ? await announcementMails(documents, id, notification, chunk.recipients) : [];
  // Written before any push of the chunk goes out, by one server only: a crash from here on, or
  // another server finding the chunk like this, never pushes it again, nor queues its mails again.
  const pushing = await advanceChunk(documents, id, holder, index, 'inbox', 'pushing', clock(), (tx) => {
    for (const mail of mails) enqueueMail(tx, documents, mail.request, at, mail.id);
  });
  const ref = documents.collection(NotificationChunks).doc(chunkId(id, index));
  if (pushing.moved) {
    if (await options.crashAfter?.('pushing', index)) throw new SimulatedCrash();
    await pushChunk(ports, id, notification, chunk.recipients, figures);
    // Only this server pushed the chunk: its figures are the chunk's, whoever holds the lease now.
    await ref.update({ state: 'done', figures });
  } else if (pushing.chunk.state === 'pushing') {
    await advanceChunk(documents, id, holder, index, 'pushing', 'done', clock(), () => ({ figures }));
  }
}

/** The announcement mail of a notification to one person: one id per pair, so it is queued once. */
export const announcementMailId = (notificationId: string, uid: string) => `announcement_${notificationId}_${uid}`;

/**
 * The chunk's recipients who get the notification by e-mail too, as its channel says: those who
 * said yes to announcements (and have an address), all of them or only those with no device that
 * allowed pushes; each in their language, with the notification's link as the mail's button.
 */
async function announcementMails(documents: Documents, id: string, notification: NotificationDocument, recipients: ChunkDocument['recipients']): Promise<{ id: string; request: MailRequest }[]> {
  if (notification.email === 'off' || !mailIsOn()) return [];
  const people = await Promise.all(recipientsOf({ recipients }).map(async (recipient) => ({ ...recipient, user: (await documents.collection(Users).doc(recipient.uid).get()).data })));
  const asked = people.filter((person): person is typeof person & { user: UserDocument & { email: string } } => Boolean(person.user?.email) && wantsAnnouncements(person.user!));
  const withDevice = new Set<string>();
  if (notification.email === 'withoutPush') {
    for (const device of await devicesOf(documents, asked.map((person) => person.uid))) withDevice.add(device.data.uid);
  }
  return asked
    .filter((person) => !withDevice.has(person.uid))
    .map(({ uid, lang, user }) => ({
      id: announcementMailId(id, uid),
      request: {
        kind: 'announcement',
        to: user.email,
        uid,
        locale: lang,
        params: { title: notification.title[lang], body: notification.body[lang], ...(notification.link ? { link: notification.link } : {}) },
        notificationId: id,
      },
    }));
}

/**
 * The devices of a chunk's recipients. The recipients are neighbours in uid order, so their devices
 * usually lie in one range of uids with few others': one query instead of one per 30 people (the
 * limit of an `in` filter), at most as many devices as the recipients may keep. Where the range
 * holds more (an audience sparse among the accounts, a role), the `in` queries after all.
 */
async function devicesOf(documents: Documents, uids: readonly string[]) {
  const devices = documents.collection(PushDevices);
  if (uids.length === 0) return [];
  let first = uids[0]!;
  let last = first;
  for (const uid of uids) {
    if (uid < first) first = uid;
    else if (uid > last) last = uid;
  }
  const most = uids.length * MAX_PUSH_DEVICES;
  const inRange = await devices.where('uid', '>=', first).where('uid', '<=', last).limit(most).get();
  if (inRange.length === 0) return inRange;
  const wanted = new Set(uids);
  if (inRange.length < most) return inRange.filter((device) => wanted.has(device.data.uid));
  return (await Promise.all(inGroups(uids).map((group) => devices.where('uid', 'in', group).get()))).flat();
}

async function pushChunk(ports: DeliveryPorts, id: string, notification: NotificationDocument, recipients: ChunkDocument['recipients'], figures: ChunkDocument['figures']) {
  const { documents, push } = ports;
  const items: { deviceId: string; lang: Locale; target: PushTarget; message: PushMessage }[] = [];
  const devices = await devicesOf(documents, LOCALES.flatMap((lang) => recipients[lang]));
  if (devices.length === 0) return;
  const langOf = new Map(LOCALES.flatMap((lang) => recipients[lang].map((uid) => [uid, lang] as const)));
  for (const device of devices) {
    const lang = langOf.get(device.data.uid);
    if (lang) items.push({ deviceId: device.id, lang, target: device.data.target, message: messageFor(id, notification, lang) });
  }
  for (let start = 0; start < items.length; start += PUSH_CONCURRENCY * 25) {
    const slice = items.slice(start, start + PUSH_CONCURRENCY * 25);
    const outcomes = await push.send(slice.map(({ target, message }) => ({ target, message })));
    await Promise.all(
      outcomes.map(async (outcome, offset) => {
        const item = slice[offset]!;
        if (outcome.ok) figures[item.lang].pushSent += 1;
        else {
          figures[item.lang].pushFailed += 1;
          if (outcome.gone) {
            figures[item.lang].removed += 1;
            await documents.collection(PushDevices).doc(item.deviceId).delete();
          }
        }
      }),
    );
  }
}

// ---- the scheduler's round ----

/** Delivers every notification that is due, or whose server died while sending. */
export async function deliverDue(ports: DeliveryPorts, options: DeliveryOptions = {}): Promise<{ sent: number; failed: number }> {
  const now = (options.clock ?? (() => new Date()))();
  const collection = ports.documents.collection(Notifications);
  const [due, sending] = await Promise.all([collection.where('status', '==', 'scheduled').where('scheduledAt', '<=', now).get(), collection.where('status', '==', 'sending').get()]);
  const report = { sent: 0, failed: 0 };
  for (const entry of [...due, ...sending]) {
    const outcome = await deliverNotification(ports, entry.id, options);
    if (outcome === 'sent') report.sent += 1;
    if (outcome === 'failed') report.failed += 1;
  }
  return report;
}

// ---- what the admin's detail page shows ----

export interface DeliveryFigures {
  recipients: number;
  inApp: number;
  read: number;
  pushSent: number;
  pushFailed: number;
  removed: number;
  byLanguage: Record<Locale, { recipients: number; inApp: number; read: number; pushSent: number; pushFailed: number; removed: number }>;
}

/** Counted, never stored twice: in-app copies and reads by count queries, pushes from the chunks. */
export async function deliveryFigures(documents: Documents, id: string): Promise<DeliveryFigures> {
  const inbox = documents.collection(Inbox).where('notificationId', '==', id);
  const [chunks, ...counts] = await Promise.all([
    documents.collection(NotificationChunks).where('notificationId', '==', id).get(),
    ...LOCALES.flatMap((locale) => [inbox.where('lang', '==', locale).count(), inbox.where('lang', '==', locale).where('read', '==', true).count()]),
  ]);
  const byLanguage = Object.fromEntries(
    LOCALES.map((locale, index) => {
      const pushes = chunks.reduce((sum, chunk) => ({ pushSent: sum.pushSent + chunk.data.figures[locale].pushSent, pushFailed: sum.pushFailed + chunk.data.figures[locale].pushFailed, removed: sum.removed + chunk.data.figures[locale].removed }), { pushSent: 0, pushFailed: 0, removed: 0 });
      const recipients = chunks.reduce((sum, chunk) => sum + chunk.data.recipients[locale].length, 0);
      return [locale, { recipients, inApp: counts[index * 2]!, read: counts[index * 2 + 1]!, ...pushes }];
    }),
  ) as DeliveryFigures['byLanguage'];
  const total = (key: keyof DeliveryFigures['byLanguage'][Locale]) => LOCALES.reduce((sum, locale) => sum + byLanguage[locale][key], 0);
  return { recipients: total('recipients'), inApp: total('inApp'), read: total('read'), pushSent: total('pushSent'), pushFailed: total('pushFailed'), removed: total('removed'), byLanguage };
}

// ---- a test to oneself ----

/** The admin's own copy, now, on every device of theirs: not counted, the notification unchanged. */
export async function sendTestToSelf(ports: DeliveryPorts, admin: Identity, { id }: IdInput, now = new Date()) {
  const { documents, push } = ports;
  const { uid } = admin;
  const notification = (await documents.collection(Notifications).doc(id).get()).data;
  const user = (await documents.collection(Users).doc(uid).get()).data;
  if (!notification || !user) return { inApp: false, pushSent: 0, pushFailed: 0 };
  const lang = languageOf(user);
  await documents.collection(Inbox).doc(inboxId(`test-${id}-${now.getTime()}`, uid)).set({ notificationId: `test-${id}`, uid, lang, title: notification.title[lang], body: notification.body[lang], link: notification.link, at: now, read: false, readAt: null, test: true });
  const devices = await documents.collection(PushDevices).where('uid', '==', uid).get();
  const outcomes = await push.send(devices.map((device) => ({ target: device.data.target, message: { ...messageFor(id, notification, lang), tag: `test-${id}` } })));
  await Promise.all(outcomes.map((outcome, index) => (!outcome.ok && outcome.gone ? documents.collection(PushDevices).doc(devices[index]!.id).delete() : null)));
  return { inApp: true, pushSent: outcomes.filter((outcome) => outcome.ok).length, pushFailed: outcomes.filter((outcome) => !outcome.ok).length };
}
