// /admin/notifications: the notifications and their composer (admins only).
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { routePage } from '@/app/_compose/route-page';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { AdminNotifications } from '@/features/notifications/ui/AdminNotifications';

const page = routePage('adminNotifications', {
  messages: ['AdminNotifications', 'Forms', 'Lists'],
  content: async ({ locale }) => (
    <Suspense fallback={<LoadingStatus>{(await getTranslations({ locale, namespace: 'AdminNotifications' }))('loading')}</LoadingStatus>}>
      <AdminNotifications />
    </Suspense>
  ),
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
