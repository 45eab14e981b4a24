// /admin/events: the programme and its editor (admins only).
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { routePage } from '@/app/_compose/route-page';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { EventsWithDoor } from '@/app/_compose/EventsWithDoor';

const page = routePage('adminEvents', {
  messages: ['AdminEvents', 'AdminImages', 'Forms', 'Lists', 'AdminDoor', 'Scanner', 'AdminTickets', 'AdminBans'],
  content: async ({ locale }) => (
    <Suspense fallback={<LoadingStatus>{(await getTranslations({ locale, namespace: 'AdminEvents' }))('loading')}</LoadingStatus>}>
      <EventsWithDoor />
    </Suspense>
  ),
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
