'use client';
// The typed tRPC client for client components, with its React Query cache. Loaded only where a
// page needs it: the signed-in areas wrap their pages in <TrpcProvider> (their layouts), and the
// live feeds and the header's signed-in parts import `browserTrpcClient()` on demand, so public
// pages ship none of tRPC, React Query or superjson at first load (decision 027).
import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCReact, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '@/server/trpc/router';
import { onQueryCacheForgotten } from './query-cache';

export const trpc = createTRPCReact<AppRouter>();

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1 },
    },
  });
}

function makeTrpcClient(locale: () => string) {
  return trpc.createClient({
    links: [
      // Live reads arrive as server-sent events; everything else in batched requests.
      splitLink({
        condition: (operation) => operation.type === 'subscription',
        true: httpSubscriptionLink({ url: '/api/trpc', transformer: superjson }),
        false: httpBatchLink({
          url: '/api/trpc',
          transformer: superjson,
          headers: () => ({ 'x-locale': locale() }),
        }),
      }),
    ],
  });
}

export type TrpcClient = ReturnType<typeof makeTrpcClient>;

// One client and one cache per browser tab, shared by every provider and on-demand user (the
// header's badge, the live programme, an area's pages), so a page never holds two. On the server
// each render makes its own: module state there would be shared between requests.
let browserQueryClient: QueryClient | undefined;
let browserClient: TrpcClient | undefined;

/** The page's language, read when each request is sent: a language switch changes it in place. */
function pageLocale(): string {
  return document.documentElement.lang || 'en';
}

/** The tab's tRPC client, for code outside a <TrpcProvider> (loaded on demand). */
export function browserTrpcClient(): TrpcClient {
  browserClient ??= makeTrpcClient(pageLocale);
  return browserClient;
}

function browserQueries(): QueryClient {
  if (!browserQueryClient) {
    const queries = makeQueryClient();
    browserQueryClient = queries;
    // Sign-out (which must not load this module to do it) empties the cache.
    onQueryCacheForgotten(() => queries.invalidateQueries());
  }
  return browserQueryClient;
}

export function TrpcProvider({ locale, children }: { locale: string; children: ReactNode }) {
  const [queryClient] = useState(() => (typeof window === 'undefined' ? makeQueryClient() : browserQueries()));
  const [client] = useState(() => (typeof window === 'undefined' ? makeTrpcClient(() => locale) : browserTrpcClient()));
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
