// The tab's one tRPC client, without React Query: what push and sign-out need,
// loaded on demand. The React provider (./client.tsx) hands the same client to React Query, so a
// page never holds two (decision 027).
import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '@/app/_server/router';

export type TrpcClient = TRPCClient<AppRouter>;

/** A client whose requests carry the language `locale()` gives when each is sent. */
export function makeTrpcClient(locale: () => string): TrpcClient {
  return createTRPCClient<AppRouter>({
    // Queries and mutations in batched requests. Live reads are not the client's: the browser's
    // one live stream carries them (src/features/live/client/live-hub.ts, decision 041).
    links: [
      httpBatchLink({
        url: '/api/trpc',
        transformer: superjson,
        headers: () => ({ 'x-locale': locale() }),
      }),
    ],
  });
}

let browserClient: TrpcClient | undefined;

/** The page's language, read when each request is sent: a language switch changes it in place. */
function pageLocale(): string {
  return document.documentElement.lang || 'en';
}

/** The tab's tRPC client (browser only). */
export function browserTrpcClient(): TrpcClient {
  browserClient ??= makeTrpcClient(pageLocale);
  return browserClient;
}
