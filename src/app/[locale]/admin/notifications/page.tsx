// /admin/notifications: the notifications and their composer (admins only).
import { Suspense } from 'react';
import { routePage } from '@/app/_compose/route-page';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { AdminNotifications } from '@/features/notifications/ui/AdminNotifications';

const page = routePage('adminNotifications', {
  messages: ['AdminNotifications', 'Forms', 'Lists'],
  content: () => (
    <Suspense fallback={<LoadingStatus />}>
      <AdminNotifications />
    </Suspense>
  ),
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
