// The app's closed set of live reads: each feature's own (`<feature>/live-feeds.ts`), put together
// here, where the app composes. The tRPC handler keeps them inside the browser's one stream, and
// GET /api/live serves only these; live-feeds.test.ts keeps them in step with the procedures, the
// browser's definitions and firebase/firestore.rules.
import 'server-only';
import type { LiveFeed } from '@/features/live/feeds';
import { IMAGES_LIVE_FEEDS } from '@/features/images/live-feeds';
import { EVENTS_LIVE_FEEDS } from '@/features/events/live-feeds';
import { DOOR_LIVE_FEEDS } from '@/features/door/live-feeds';
import { NOTIFICATIONS_LIVE_FEEDS } from '@/features/notifications/live-feeds';

export const LIVE_FEEDS: readonly LiveFeed[] = [...IMAGES_LIVE_FEEDS, ...DOOR_LIVE_FEEDS, ...NOTIFICATIONS_LIVE_FEEDS, ...EVENTS_LIVE_FEEDS];
