// /admin/events: the programme and its editor (admins only).
import { Suspense } from 'react';
import { routePage } from '@/app/_compose/route-page';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { EventsWithDoor } from '@/app/_compose/EventsWithDoor';

const page = routePage('adminEvents', {
  messages: ['AdminEvents', 'AdminImages', 'Forms', 'Lists', 'AdminDoor', 'Scanner', 'AdminTickets', 'AdminBans'],
  content: () => (
    <Suspense fallback={<LoadingStatus />}>
      <EventsWithDoor />
    </Suspense>
  ),
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
