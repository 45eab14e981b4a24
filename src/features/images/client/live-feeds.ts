// How the browser reads the images' live feeds (../live-feeds.ts), for useLiveFeed().
import type { ImageSummary } from '../image-library';
import type { ImageListInput } from '../images.inputs';
import type { LoungeImage } from '../lounge';
import { LIBRARY_LIMIT } from '../constants';
import type { ClientFeed } from '@/features/live/client/client-feed';

/** The admin's image library, optionally one tag. */
export const libraryFeed: ClientFeed<ImageListInput, readonly ImageSummary[]> = {
  procedure: 'images.live',
  firestore: ({ collection, limit, orderBy, query, where }, db, { tag }) =>
    tag
      ? query(collection(db, 'images'), where('tags', 'array-contains', tag), orderBy('createdAt', 'desc'), limit(LIBRARY_LIMIT))
      : query(collection(db, 'images'), orderBy('createdAt', 'desc'), limit(LIBRARY_LIMIT)),
};

/** The members' lounge. */
export const loungeFeed: ClientFeed<void, readonly LoungeImage[]> = {
  procedure: 'images.lounge',
  firestore: ({ collection, limit, orderBy, query }, db) => query(collection(db, 'loungeImages'), orderBy('createdAt', 'desc'), limit(LIBRARY_LIMIT)),
};
