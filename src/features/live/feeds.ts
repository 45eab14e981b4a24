// The closed set of live reads. The browser never sends a query of its own: each feed names its
// collection and who may read it, enforced by the tRPC procedure (embedded backend) and by
// firebase/firestore.rules (Firebase backend).
import type { Role } from '@/features/identity/roles';

export interface LiveFeed {
  /** The tRPC subscription that serves it in the embedded backend. */
  procedure: string;
  collection: string;
  access: readonly Role[];
}

export const LIVE_FEEDS: readonly LiveFeed[] = [{ procedure: 'images.live', collection: 'images', access: ['admin'] }];
