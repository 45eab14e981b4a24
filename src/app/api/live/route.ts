// The browser's one live stream of all the feeds its tabs show (decision 041).
import { handleLiveRequest, streamSlots } from '@/features/live/live-endpoint';
import { createContext } from '@/app/_server/request-context';
import { createCaller } from '@/app/_server/router';
import { LIVE_FEEDS } from '@/app/_server/live-feeds';
import { env } from '@/server/env';
import { logged } from '@/server/http/request-log';

export const dynamic = 'force-dynamic';

// Its open and close lines carry this server's open streams (operations.md: what to watch). It
// ends after LIVE_STREAM_MAX_SECONDS, below the platform's request timeout (deployment.md).
export const GET = logged(
  '/api/live',
  (request: Request) =>
    handleLiveRequest(request, LIVE_FEEDS, () => createContext({ headers: request.headers }), createCaller, {
      maxDurationMs: env.LIVE_STREAM_MAX_SECONDS * 1000,
    }),
  { streamFields: () => ({ openStreams: streamSlots.total() }) },
);
