// The browser's one live stream of all the feeds its tabs show (decision 041).
import { handleLiveRequest } from '@/features/live/live-endpoint';
import { createContext } from '@/app/_server/request-context';
import { createCaller } from '@/app/_server/router';
import { LIVE_FEEDS } from '@/app/_server/live-feeds';
import { env } from '@/server/env';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return handleLiveRequest(request, LIVE_FEEDS, () => createContext({ headers: request.headers }), createCaller, {
    maxDurationMs: env.LIVE_STREAM_MAX_SECONDS * 1000,
  });
}
