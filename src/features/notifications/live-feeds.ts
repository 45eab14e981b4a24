// The notifications' live reads, as the server serves them (src/features/live/feeds.ts).
import 'server-only';
import type { LiveFeed } from '@/features/live/feeds';

export const NOTIFICATIONS_LIVE_FEEDS: readonly LiveFeed[] = [
  { procedure: 'inbox.live', collection: 'inbox', access: 'signed-in', via: 'server' },
  { procedure: 'notifications.live', collection: 'notificationChunks', access: ['admin'], via: 'server' },
];
