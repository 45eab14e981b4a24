'use client';
// The event page's member-only action (issue 45): "Bring a guest", shown once the viewer is a
// member or staff (the server answers whether their membership gives guests), its code fetched
// only then (decision 027: a public page's first load carries none of it).
import { lazy, Suspense } from 'react';
import { useViewer } from '@/features/identity/client/ViewerProvider';
import { MEMBER_AREA } from '@/navigation/access';
import type { LocalizedText } from '@/features/events/events';

const BringGuestForEvent = lazy(() => import('@/features/tickets/ui/BringGuestForEvent'));

export function MemberGuestAction({ event }: { event: { id: string; title: LocalizedText; startsAt: Date } }) {
  const viewer = useViewer();
  if (!viewer.signedIn || !viewer.role || !(MEMBER_AREA as readonly string[]).includes(viewer.role)) return null;
  return (
    <Suspense fallback={null}>
      <BringGuestForEvent event={event} />
    </Suspense>
  );
}
