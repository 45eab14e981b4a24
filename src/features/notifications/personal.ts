// A message to one person about something of theirs (a freed ticket offered to them): an in-app
// copy written in the transaction of the change, under an id the change names, so it exists once
// whatever is retried; then a push to each of their devices once that transaction is committed.
// A push lost to a crash in between is lost (the in-app copy and any mail stay), never sent twice
// by the same change. Announcements to many go through ./delivery.ts instead.
import 'server-only';
import type { Documents, Transaction } from '@/server/documents/port';
import type { Push } from '@/server/push/port';
import { DEFAULT_LOCALE, type Locale } from '@/i18n/routing';
import { Inbox, inboxId } from './inbox';
import { PushDevices } from './push-devices';

export interface PersonalMessage {
  /** What the message is about, unique per cause (`waitlist-offer-<entry>-<n>`): its in-app copy's key. */
  key: string;
  uid: string;
  lang: Locale;
  title: string;
  body: string;
  /** A path of this site, without the language prefix. */
  link: string;
}

/** Writes the in-app copy in the change's transaction (once per key and person). */
export function queuePersonalMessage(tx: Transaction, documents: Documents, message: PersonalMessage, at: Date): void {
  tx.create(documents.collection(Inbox).doc(inboxId(message.key, message.uid)), {
    notificationId: message.key,
    uid: message.uid,
    lang: message.lang,
    title: message.title,
    body: message.body,
    link: message.link,
    at,
    read: false,
    readAt: null,
    test: false,
  });
}

/** Pushes the message to every device of the person that allowed it; devices the service says are gone are removed. Returns how many took it. */
export async function pushPersonalMessage(documents: Documents, push: Push, message: PersonalMessage): Promise<number> {
  const devices = await documents.collection(PushDevices).where('uid', '==', message.uid).get();
  if (devices.length === 0) return 0;
  const url = message.lang === DEFAULT_LOCALE ? message.link : `/${message.lang}${message.link === '/' ? '' : message.link}`;
  const outcomes = await push.send(devices.map((device) => ({ target: device.data.target, message: { title: message.title, body: message.body, url, tag: message.key, lang: message.lang } })));
  await Promise.all(outcomes.map((outcome, index) => (!outcome.ok && outcome.gone ? documents.collection(PushDevices).doc(devices[index]!.id).delete() : null)));
  return outcomes.filter((outcome) => outcome.ok).length;
}
