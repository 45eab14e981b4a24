// The browser's one live stream of all the feeds its tabs show (decision 041).
import { handleLiveRequest } from '@/features/live/live-endpoint';
import { createContext } from '@/app/_server/request-context';
import { createCaller } from '@/app/_server/router';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return handleLiveRequest(request, () => createContext({ headers: request.headers }), createCaller);
}
