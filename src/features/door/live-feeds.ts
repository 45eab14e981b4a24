// The door's live reads, as the server serves them (src/features/live/feeds.ts).
import 'server-only';
import type { LiveFeed } from '@/features/live/feeds';
import { MEMBER_AREA } from '@/navigation/routes';

export const DOOR_LIVE_FEEDS: readonly LiveFeed[] = [
  { procedure: 'pass.night', collection: 'checkins', access: MEMBER_AREA, via: 'server' },
  { procedure: 'door.activity', collection: 'scans', access: ['admin', 'scanner'], via: 'server' },
];
