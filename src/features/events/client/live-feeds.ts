// How the browser reads the events' live feeds (../live-feeds.ts), for useLiveFeed().
import type { PublicEvent } from '../public-events';
import { PUBLIC_EVENTS_COLLECTION, PUBLIC_LIST_LIMIT, PUBLIC_STATUSES } from '../programme';
import type { ClientFeed } from '@/features/live/client/client-feed';

/** The public programme, from the mirror of public fields. */
export const programmeFeed: ClientFeed<void, readonly PublicEvent[]> = {
  procedure: 'events.live',
  public: true,
  firestore: ({ collection, limit, orderBy, query, where }, db) =>
    query(collection(db, PUBLIC_EVENTS_COLLECTION), where('status', 'in', [...PUBLIC_STATUSES]), orderBy('startsAt', 'desc'), limit(PUBLIC_LIST_LIMIT)),
};
