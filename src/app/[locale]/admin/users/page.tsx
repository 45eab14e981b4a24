// /admin/users: everyone with an account, and the house ban list (admins only).
import { Suspense } from 'react';
import { routePage } from '@/app/_compose/route-page';
import { UserDirectory } from '@/features/users/ui/UserDirectory';
import { BanList } from '@/features/bans/ui/BanList';

const page = routePage('adminUsers', {
  messages: ['AdminUsers', 'Lists', 'Roles', 'AdminBans', 'Forms'],
  content: () => (
    <>
      <Suspense>
        <UserDirectory />
      </Suspense>
      <BanList />
    </>
  ),
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
