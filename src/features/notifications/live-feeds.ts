// The notifications' live reads, as the server serves them (src/features/live/feeds.ts), and how
// each follows other servers' writes (./notification-feeds.ts holds their listeners).
import 'server-only';
import type { LiveFeed } from '@/features/live/feeds';

export const NOTIFICATIONS_LIVE_FEEDS: readonly LiveFeed[] = [
  {
    procedure: 'inbox.live',
    collection: 'inbox',
    access: 'signed-in',
    via: 'server',
    otherServers: {
      follows: {
        inbox: { reveals: ['inbox'], why: "the person's newest entry (a message delivered) and their latest read one (\"mark read\" of any entry, \"mark all read\")" },
      },
    },
  },
  {
    procedure: 'notifications.live',
    collection: 'notificationChunks',
    access: ['admin'],
    via: 'server',
    otherServers: {
      follows: {
        notifications: { reveals: ['notifications'], why: 'the notification itself: cancelled, sent, failed' },
        notificationChunks: { reveals: ['notificationChunks'], why: 'its delivery, chunk by chunk' },
        inbox: { reveals: ['inbox'], why: 'its in-app copies as they are read (the newest read one)' },
        mail: { reveals: ['mail'], why: 'its mails as they are sent (the newest sent one)' },
        mailTallies: { reveals: ['mailTallies'], why: 'its mails counted once the outbox is cleared of them' },
      },
    },
  },
];
