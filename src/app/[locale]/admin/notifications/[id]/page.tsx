// /admin/notifications/{id}: one notification and its delivery, live (admins only).
import { notFound } from 'next/navigation';
import { routePage } from '@/app/_compose/route-page';
import { NotificationDetail } from '@/features/notifications/ui/NotificationDetail';
import { getDocuments } from '@/server/documents/documents';
import { Notifications } from '@/features/notifications/notifications';

const page = routePage('adminNotification', {
  messages: ['AdminNotifications', 'Lists'],
  content: async ({ params: { id = '' } }) => {
    if (!/^[A-Za-z0-9_-]{1,128}$/.test(id) || !(await getDocuments().collection(Notifications).doc(id).get()).exists) notFound();
    return <NotificationDetail id={id} />;
  },
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
