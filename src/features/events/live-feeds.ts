// The events' live reads, as the server serves and the rules allow them (src/features/live/feeds.ts).
import 'server-only';
import type { LiveFeed } from '@/features/live/feeds';
import { PUBLIC_EVENTS_COLLECTION, PUBLIC_STATUSES } from './programme';

export const EVENTS_LIVE_FEEDS: readonly LiveFeed[] = [
  { procedure: 'events.live', collection: PUBLIC_EVENTS_COLLECTION, access: 'public', visibleWhen: { field: 'status', values: PUBLIC_STATUSES } },
];
