// How the browser reads a live feed: the tRPC subscription that serves it inside the browser's one
// live stream (./live-hub.ts), and the same query on Firestore (Firebase backend, where
// firebase/firestore.rules allow exactly it). Each feature defines its own feeds with these
// (`<feature>/client/live-feeds.ts`) and hands one to useLiveFeed(); the app's list of all of them
// is src/app/_server/live-feeds.ts. Types only: a page carries its feeds' definitions and nothing
// of this module (decision 027).
import type { Firestore, Query } from 'firebase/firestore';

export type FirestoreModule = typeof import('firebase/firestore');

export interface ClientFeed<Input, Data> {
  /**
   * The subscription procedure of the app's LIVE_FEEDS this reads (src/app/_server/live-feeds.test.ts
   * keeps the tables in step): inside the browser's one live stream, the embedded backend's way and
   * every backend's for server feeds.
   */
  procedure: string;
  /** Never set: what the procedure gives, for useLiveFeed's types. */
  readonly data?: Data;
  /**
   * The same list on Firestore (Firebase backend), each document one item; absent for feeds the
   * server computes from several collections (counts, a person's night), which both backends read
   * over tRPC (decision 022).
   */
  firestore?: (firestore: FirestoreModule, db: Firestore, input: Input) => Query;
  /** Readable signed out (the public programme): Firebase Auth is not needed for it. */
  public?: true;
}
