'use client';
// The event page's free tickets: the panel itself is loaded after the page (public pages ship no
// API client at first load, decision 027) and shows nothing for an event that offers none.
import { Suspense } from 'react';
import { lazyWhenLoaded } from '@/ui/lazy';

const PublicTicketPanel = lazyWhenLoaded(() => import('./PublicTicketPanel'));

export function PublicTickets({ eventId, slug }: { eventId: string; slug: string }) {
  return (
    <Suspense fallback={null}>
      <PublicTicketPanel eventId={eventId} slug={slug} />
    </Suspense>
  );
}
