// The images' live reads, as the server serves and the rules allow them (src/features/live/feeds.ts).
import 'server-only';
import type { LiveFeed } from '@/features/live/feeds';
import { MEMBER_AREA } from '@/navigation/routes';

export const IMAGES_LIVE_FEEDS: readonly LiveFeed[] = [
  { procedure: 'images.live', collection: 'images', access: ['admin'] },
  { procedure: 'images.lounge', collection: 'loungeImages', access: MEMBER_AREA },
];
