// How the browser reads the door's live feeds (../live-feeds.ts), for useLiveFeed().
import type { DoorActivity, MemberNight } from '../door-figures';
import type { ClientFeed } from '@/features/live/client/client-feed';

/** The member's night: admitted ("Checked in at 22:14") and drinks left, as the door records them. */
export const nightFeed: ClientFeed<void, MemberNight> = { procedure: 'pass.night' };

/** The door's figures and latest scans for an event. */
export const doorActivityFeed: ClientFeed<{ eventId: string }, DoorActivity> = { procedure: 'door.activity' };
