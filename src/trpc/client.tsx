'use client';
// The typed tRPC client for client components, with its React Query cache. Loaded only where a
// page needs it: the signed-in areas wrap their pages in <TrpcProvider> (their layouts), and the
// live feeds, push and sign-out import `browserTrpcClient()` on demand, so public
// pages ship none of tRPC, React Query or superjson at first load; code outside a provider uses
// ./browser-client, the same client without React Query (decision 027).
import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '@/app/_server/router';
import { browserTrpcClient, makeTrpcClient } from './browser-client';
import { onQueryCacheForgotten } from './query-cache';

export const trpc = createTRPCReact<AppRouter>();

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1 },
    },
  });
}

// One cache per browser tab, shared by every provider (the client is ./browser-client's). On the
// server each render makes its own: module state there would be shared between requests.
let browserQueryClient: QueryClient | undefined;

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
