// The closed set of live reads. The browser never sends a query of its own: each feed names its
// collection and who may read it, enforced by the tRPC procedure (embedded backend) and by
// firebase/firestore.rules (Firebase backend).
import 'server-only';
import type { Role } from '@/access/roles';
import { PUBLIC_EVENTS_COLLECTION, PUBLIC_STATUSES } from '@/features/events/programme';
import { MEMBER_AREA } from '@/navigation/routes';

export interface LiveFeed {
  /** The tRPC subscription that serves it in the embedded backend. */
  procedure: string;
  collection: string;
  /**
   * Everyone, or the roles that may read it. The VIP area's roles (MEMBER_AREA) mean what the
   * server means: `user` only while a membership is active (the rules' isMemberNow()).
   */
  access: 'public' | 'signed-in' | readonly Role[];
  /** Only documents whose field holds one of these values may be read (the rules say the same). */
  visibleWhen?: { field: string; values: readonly string[] };
  /**
   * 'server': computed by the server from several collections (counts, a person's night) and read
   * over the tRPC subscription in both backends; browsers never read its collections directly,
   * so the rules keep them closed (decision 022).
   */
  via?: 'server';
}

export const LIVE_FEEDS: readonly LiveFeed[] = [
  { procedure: 'images.live', collection: 'images', access: ['admin'] },
  { procedure: 'images.lounge', collection: 'loungeImages', access: MEMBER_AREA },
  { procedure: 'pass.night', collection: 'checkins', access: MEMBER_AREA, via: 'server' },
  { procedure: 'door.activity', collection: 'scans', access: ['admin', 'scanner'], via: 'server' },
  { procedure: 'inbox.live', collection: 'inbox', access: 'signed-in', via: 'server' },
  { procedure: 'notifications.live', collection: 'notificationChunks', access: ['admin'], via: 'server' },
  { procedure: 'events.live', collection: PUBLIC_EVENTS_COLLECTION, access: 'public', visibleWhen: { field: 'status', values: PUBLIC_STATUSES } },
];
