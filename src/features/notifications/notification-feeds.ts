// The notifications' live feeds as the shared watcher runs them (src/server/live/watch.ts): which
// of this server's writes concern each, and what other servers' writes wake it (./live-feeds.ts
// says why).
import 'server-only';
import type { Documents } from '@/server/documents/port';
import type { WatchOptions } from '@/server/live/watch';
import type { Identity } from '@/access/identity';
import { Mail } from '@/features/mail/outbox';
import { announcementFigures, MailTallies } from '@/features/mail/retention';
import { getNotification, Notifications } from './notifications';
import { deliveryFigures, NotificationChunks } from './delivery';
import { Inbox, inboxOf } from './inbox';
import type { IdInput } from './notifications.inputs';

type Feed<T> = Omit<WatchOptions<T>, 'signal'>;

/** A person's inbox: their own entries wake it, not a delivery's copies to everyone else. */
export function inboxFeed(documents: Documents, reader: Identity): Feed<Awaited<ReturnType<typeof inboxOf>>> {
  const { uid } = reader;
  const theirs = documents.collection(Inbox).where('uid', '==', uid);
  return {
    documents,
    key: `inbox.live ${uid}`,
    concerns: { [Inbox.name]: { field: 'uid', value: uid } },
    otherServers: [theirs.orderBy('at', 'desc').limit(1), theirs.orderBy('readAt', 'desc').limit(1)],
    read: () => inboxOf(documents, uid),
  };
}

/** A notification's state and delivery figures: its own documents wake it, not other notifications'. */
export function notificationFeed(documents: Documents, input: IdInput) {
  const { id } = input;
  const its = { field: 'notificationId', value: id };
  return {
    documents,
    key: `notifications.live ${id}`,
    concerns: { [Notifications.name]: { id }, [NotificationChunks.name]: its, [Inbox.name]: its, [Mail.name]: its, [MailTallies.name]: { id } },
    otherServers: [
      documents.collection(Notifications).doc(id),
      documents.collection(NotificationChunks).where('notificationId', '==', id),
      documents.collection(Inbox).where('notificationId', '==', id).orderBy('readAt', 'desc').limit(1),
      documents.collection(Mail).where('notificationId', '==', id).orderBy('sentAt', 'desc').limit(1),
      documents.collection(MailTallies).doc(id),
    ],
    read: async () => {
      const notification = await getNotification(documents, input);
      const [figures, mail] = await Promise.all([deliveryFigures(documents, id), notification.email === 'off' ? null : announcementFigures(documents, id)]);
      return { notification, figures, mail };
    },
  } satisfies Feed<unknown>;
}
