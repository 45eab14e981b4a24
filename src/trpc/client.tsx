'use client';
// The typed tRPC client for client components, with its React Query cache.
import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCReact, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '@/server/trpc/router';

export const trpc = createTRPCReact<AppRouter>();

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1 },
    },
  });
}

export function TrpcProvider({ locale, children }: { locale: string; children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [client] = useState(() =>
    trpc.createClient({
      links: [
        // Live reads arrive as server-sent events; everything else in batched requests.
        splitLink({
          condition: (operation) => operation.type === 'subscription',
          true: httpSubscriptionLink({ url: '/api/trpc', transformer: superjson }),
          false: httpBatchLink({
            url: '/api/trpc',
            transformer: superjson,
            headers: () => ({ 'x-locale': locale }),
          }),
        }),
      ],
    }),
  );
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
