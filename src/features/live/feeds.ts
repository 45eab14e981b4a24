// What the server says of a live read. The live reads are a closed set: the browser never sends a
// query of its own. Each feature declares its feeds (`<feature>/live-feeds.ts`): each names its
// collection and who may read it, enforced by the tRPC procedure (embedded backend) and by
// firebase/firestore.rules (Firebase backend). The app's list of all of them is
// src/app/_server/live-feeds.ts.
import 'server-only';
import type { Role } from '@/access/roles';

export interface LiveFeed {
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
  /**
   * 'server': computed by the server from several collections (counts, a person's night) and read
   * over the tRPC subscription in both backends; browsers never read its collections directly,
   * so the rules keep them closed (decision 022).
   */
  via?: 'server';
}
