// Demo notifications for the embedded backend, written at start-up through the same domain
// functions an admin uses: one sent to the members (so the inbox, the lounge's announcements and
// the detail's figures have something to show) and one scheduled a week ahead. Idempotent: once
// the demo admin has any notification, nothing is written.
import type { Identity } from '@/access/identity';
import { Notifications, saveNotification, scheduleNotification, sendNotificationNow } from '@/features/notifications/notifications';
import { deliverNotification } from '@/features/notifications/delivery';
import { dateToWallTime } from '@/features/events/venue-time';
import type { Documents } from '@/server/documents/port';
import type { Push } from '@/server/push/port';
import { DEMO_ACCOUNTS } from './demo-accounts';

const DAY = 24 * 60 * 60 * 1000;

export async function seedDemoNotifications(documents: Documents, push: Push, now = new Date()): Promise<number> {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === 'admin')!;
  if ((await documents.collection(Notifications).where('createdBy', '==', account.uid).limit(1).get()).length > 0) return 0;
  const admin: Identity = { uid: account.uid, email: account.email, emailVerified: true, displayName: account.displayName, photoURL: null, role: 'admin' };
  const sent = await saveNotification(
    documents,
    admin,
    {
      id: null,
      notification: {
        title: { en: 'Welcome to the members’ season', de: 'Willkommen in der Mitgliedersaison' },
        body: {
          en: 'Your pass is in the app: open it at the door, and your welcome drinks are waiting at the VIP bar.',
          de: 'Ihr Pass ist in der App: Zeigen Sie ihn am Einlass, Ihre Begrüßungsgetränke warten an der VIP-Bar.',
        },
        link: '/vip',
        audience: { kind: 'members' },
      },
    },
    new Date(now.getTime() - 2 * DAY),
  );
  await sendNotificationNow(documents, admin, { id: sent }, new Date(now.getTime() - 2 * DAY));
  await deliverNotification({ documents, push }, sent, { clock: () => new Date(now.getTime() - 2 * DAY) });
  const scheduled = await saveNotification(
    documents,
    admin,
    {
      id: null,
      notification: {
        title: { en: 'Presale for the Winter Ball opens', de: 'Vorverkauf für den Winterball beginnt' },
        body: { en: 'Members get the first tickets, from tomorrow at noon.', de: 'Mitglieder bekommen die ersten Karten, ab morgen um 12 Uhr.' },
        link: '/events',
        audience: { kind: 'members' },
      },
    },
    now,
  );
  await scheduleNotification(documents, admin, { id: scheduled, at: dateToWallTime(new Date(now.getTime() + 7 * DAY)) }, now);
  return 2;
}
