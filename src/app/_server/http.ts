// The tRPC endpoint over HTTP: the one handler the route exports, kept here so tests drive the
// same code with their own context (and, for the levels themselves, their own router).
import 'server-only';
import { TRPCError, type AnyTRPCRouter } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { errorMessages, requestLocale } from '@/i18n/api-messages';
import { DomainError } from '@/server/domain-error';
import { isSameOrigin } from '@/server/http/same-origin';
import { LIVE_FEEDS } from '@/app/_server/live-feeds';
import { log } from '@/server/log';
import { appRouter } from './router';
import type { ContextInner } from '@/server/trpc/context';

export const TRPC_ENDPOINT = '/api/trpc';

/**
 * Anything but a GET may change something, and tRPC takes form posts (multipart/form-data) that
 * any other site can send with a plain HTML form: those must come from the app's own pages. GETs
 * are queries and live streams, which tRPC never lets run a mutation.
 */
function refuseCrossSite(request: Request): void {
  if (request.method === 'GET' || isSameOrigin(request)) return;
  const t = errorMessages(requestLocale(request.headers));
  throw new TRPCError({ code: 'FORBIDDEN', message: t('reasons.crossOrigin'), cause: new DomainError('forbidden', 'crossOrigin') });
}

const FEED_PROCEDURES = new Set(LIVE_FEEDS.map((feed) => feed.procedure));

/**
 * A live feed is read only inside the browser's one stream (GET /api/live, decision 041), which
 * holds the stream's slot; asked for on its own, it would be a stream outside every limit.
 */
function refuseFeedOutsideItsStream(request: Request): void {
  const paths = new URL(request.url).pathname.slice(TRPC_ENDPOINT.length + 1).split(',');
  if (!paths.some((path) => FEED_PROCEDURES.has(decodeURIComponent(path)))) return;
  throw new TRPCError({ code: 'NOT_FOUND', message: 'Live feeds are read through /api/live.' });
}

export function handleTrpcRequest(request: Request, createContext: () => Promise<ContextInner>, router: AnyTRPCRouter = appRouter): Promise<Response> {
  return fetchRequestHandler({
    endpoint: TRPC_ENDPOINT,
    req: request,
    router,
    // Before the context, so a refused request costs no session check and runs no procedure.
    createContext: () => {
      refuseCrossSite(request);
      refuseFeedOutsideItsStream(request);
      return createContext();
    },
    responseMeta({ errors }) {
      const headers: Record<string, string> = { 'cache-control': 'no-store' };
      const limited = errors.map((error) => error.cause).find((cause) => cause instanceof DomainError && cause.kind === 'rate-limited');
      if (limited instanceof DomainError && limited.params.seconds) headers['retry-after'] = limited.params.seconds;
      return { headers };
    },
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        log.error({ err: error.cause ?? error, procedure: path ?? null }, `tRPC ${path ?? '<no path>'} failed`);
      }
    },
  });
}
