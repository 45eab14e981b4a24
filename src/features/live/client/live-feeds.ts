// How the browser reads each live feed of src/features/live/feeds.ts: the tRPC subscription that
// serves it inside the browser's one live stream (./live-hub.ts), and the same query on Firestore
// (Firebase backend, where firebase/firestore.rules allow exactly it). useLiveFeed() runs them; a
// new feed is a row here.
import type { Firestore, Query } from 'firebase/firestore';
import type { ImageSummary } from '@/features/images/image-library';
import type { ImageListInput } from '@/features/images/images.inputs';
import type { LoungeImage } from '@/features/images/lounge';
import type { PublicEvent } from '@/features/events/public-events';
import type { DoorActivity, MemberNight } from '@/features/door/door-figures';
import type { InboxPage } from '@/features/notifications/inbox';
import type { NotificationForEditor } from '@/features/notifications/notifications';
import type { DeliveryFigures } from '@/features/notifications/delivery';
import { LIBRARY_LIMIT } from '@/features/images/constants';
import { PUBLIC_EVENTS_COLLECTION, PUBLIC_LIST_LIMIT, PUBLIC_STATUSES } from '@/features/events/programme';

export type FirestoreModule = typeof import('firebase/firestore');

export interface ClientFeed<Input, Data> {
  /**
   * The subscription procedure of LIVE_FEEDS this reads (feeds.test.ts keeps the tables in step):
   * inside the browser's one live stream, the embedded backend's way and every backend's for
   * server feeds.
   */
  procedure: string;
  /** Never set: what the procedure gives, for useLiveFeed's types. */
  readonly data?: Data;
  /** The same list on Firestore (Firebase backend); absent for feeds the server computes. */
  firestore?: (firestore: FirestoreModule, db: Firestore, input: Input) => Query;
  /** Readable signed out (the public programme): Firebase Auth is not needed for it. */
  public?: true;
}

/** A list the browser reads from Firestore in the Firebase backend, each document one item. */
function feed<Input, Item>(definition: ClientFeed<Input, readonly Item[]> & { firestore: NonNullable<ClientFeed<Input, readonly Item[]>['firestore']> }): ClientFeed<Input, readonly Item[]> {
  return definition;
}

/** A feed the server computes from several collections (counts, a person's night), in both backends over tRPC (decision 022). */
function serverFeed<Input, Data>(definition: Omit<ClientFeed<Input, Data>, 'firestore'>): ClientFeed<Input, Data> {
  return definition;
}

export const CLIENT_FEEDS = {
  /** The admin's image library, optionally one tag. */
  images: feed<ImageListInput, ImageSummary>({
    procedure: 'images.live',
    firestore: ({ collection, limit, orderBy, query, where }, db, { tag }) =>
      tag
        ? query(collection(db, 'images'), where('tags', 'array-contains', tag), orderBy('createdAt', 'desc'), limit(LIBRARY_LIMIT))
        : query(collection(db, 'images'), orderBy('createdAt', 'desc'), limit(LIBRARY_LIMIT)),
  }),
  /** The members' lounge. */
  lounge: feed<void, LoungeImage>({
    procedure: 'images.lounge',
    firestore: ({ collection, limit, orderBy, query }, db) => query(collection(db, 'loungeImages'), orderBy('createdAt', 'desc'), limit(LIBRARY_LIMIT)),
  }),
  /** The member's night: admitted ("Checked in at 22:14") and drinks left, as the door records them. */
  night: serverFeed<void, MemberNight>({
    procedure: 'pass.night',
  }),
  /** The door's figures and latest scans for an event. */
  doorActivity: serverFeed<{ eventId: string }, DoorActivity>({
    procedure: 'door.activity',
  }),
  /** The signed-in person's inbox: newest entries and the unread count (the header's badge). */
  inbox: serverFeed<void, InboxPage>({
    procedure: 'inbox.live',
  }),
  /** A notification and its delivery figures (the admin's detail page). */
  notification: serverFeed<{ id: string }, { notification: NotificationForEditor; figures: DeliveryFigures }>({
    procedure: 'notifications.live',
  }),
  /** The public programme, from the mirror of public fields. */
  programme: feed<void, PublicEvent>({
    procedure: 'events.live',
    public: true,
    firestore: ({ collection, limit, orderBy, query, where }, db) =>
      query(collection(db, PUBLIC_EVENTS_COLLECTION), where('status', 'in', [...PUBLIC_STATUSES]), orderBy('startsAt', 'desc'), limit(PUBLIC_LIST_LIMIT)),
  }),
};

export type FeedName = keyof typeof CLIENT_FEEDS;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- inference only: Input sits in parameter positions
export type FeedInput<N extends FeedName> = (typeof CLIENT_FEEDS)[N] extends ClientFeed<infer Input, any> ? Input : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export type FeedData<N extends FeedName> = (typeof CLIENT_FEEDS)[N] extends ClientFeed<any, infer Data> ? Data : never;
