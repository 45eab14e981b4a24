// /vip/lounge: the members' pictures (members, and staff for their work). The list is rendered
// with the page, then kept current by the live lounge feed.
import { routePage } from '@/app/_compose/route-page';
import { getDocuments } from '@/server/documents/documents';
import { listLounge } from '@/features/images/lounge';
import { LoungeGallery } from '@/features/images/ui/LoungeGallery';
import { Announcements } from '@/features/notifications/ui/Announcements';
import { announcements } from '@/features/notifications/notifications';

const page = routePage('vipLounge', {
  messages: ['Lounge', 'Inbox'],
  content: async ({ locale }) => {
    const [images, news] = await Promise.all([listLounge(getDocuments()), announcements(getDocuments(), locale)]);
    return (
      <>
        <Announcements announcements={news} />
        <LoungeGallery initial={images} />
      </>
    );
  },
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
