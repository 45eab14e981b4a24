// /admin/users: everyone with an account (admins only).
import { Suspense } from 'react';
import { routePage } from '@/app/_compose/route-page';
import { UserDirectory } from '@/features/users/ui/UserDirectory';

const page = routePage('adminUsers', {
  messages: ['AdminUsers', 'Lists', 'Roles'],
  content: () => (
    <Suspense>
      <UserDirectory />
    </Suspense>
  ),
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
