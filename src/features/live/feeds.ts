// What the server says of a live read. The live reads are a closed set: the browser never sends a
// query of its own. Each feature declares its feeds (`<feature>/live-feeds.ts`): each names its
// collection and who may read it, enforced by the tRPC procedure (embedded backend) and by
// firebase/firestore.rules (Firebase backend). The app's list of all of them is
// src/app/_server/live-feeds.ts.
import 'server-only';
import type { Role } from '@/access/roles';

interface FeedBase {
  /** The tRPC subscription that serves it in the embedded backend. */
  procedure: string;
  collection: string;
  /**
   * Everyone, or the roles that may read it. The VIP area's roles (MEMBER_AREA of
   * src/navigation/routes.ts) mean what the server means: `user` only while a membership is
   * active (the rules' isMemberNow()).
   */
  access: 'public' | 'signed-in' | readonly Role[];
  /** Only documents whose field holds one of these values may be read (the rules say the same). */
  visibleWhen?: { field: string; values: readonly string[] };
}

/**
 * How a feed the server computes learns of writes made by other servers (Firestore behind
 * several): this server's own writes reach it through the change feed, others' only through
 * Firestore listeners. Every collection its read reads is followed or said not to be, and why
 * (src/app/_server/live-feeds.other-servers.test.ts runs each read and keeps this complete).
 */
export interface OtherServers {
  /**
   * The collection each listener is on (a query of it, or one document) → the collections read
   * whose writes on another server it reveals (written in the same commit, or it itself), and why.
   */
  follows: Record<string, { reveals: readonly string[]; why: string }>;
  /** Collections read whose writes on other servers the feed does not follow, and why not. */
  notFollowed?: Record<string, string>;
}

/**
 * A feed read by the browser from Firestore in the Firebase backend (`onSnapshot`), which sees
 * every server's writes by itself; in the embedded backend one server makes every write.
 */
interface BrowserFeed extends FeedBase {
  via?: undefined;
}

/**
 * 'server': computed by the server from several collections (counts, a person's night) and read
 * over the tRPC subscription in both backends; browsers never read its collections directly, so
 * the rules keep them closed (decision 022).
 */
interface ServerFeed extends FeedBase {
  via: 'server';
  otherServers: OtherServers;
}

export type LiveFeed = BrowserFeed | ServerFeed;
