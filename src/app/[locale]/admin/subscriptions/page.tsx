// /admin/subscriptions: membership requests and memberships (admins only).
import { Suspense } from 'react';
import { routePage } from '@/app/_compose/route-page';
import { MembershipDirectory } from '@/features/memberships/ui/MembershipDirectory';

const page = routePage('adminSubscriptions', {
  messages: ['AdminMemberships', 'Memberships', 'Lists', 'Forms'],
  content: () => (
    <Suspense>
      <MembershipDirectory />
    </Suspense>
  ),
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
