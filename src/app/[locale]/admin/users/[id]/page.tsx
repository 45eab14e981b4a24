// /admin/users/{id}: one account, its role, access, house ban and history (admins only).
import { notFound } from 'next/navigation';
import { routePage } from '@/app/_compose/route-page';
import { getDocuments } from '@/server/documents/documents';
import { Users } from '@/features/identity/users';
import { PersonAccount } from '@/app/_compose/PersonAccount';

const page = routePage('adminUser', {
  messages: ['AdminUser', 'AdminUsers', 'Roles', 'Memberships', 'UserMemberships', 'AdminMemberships', 'AdminBans', 'Forms', 'AdminDoor', 'Scanner'],
  content: async ({ params: { id = '' } }) => {
    if (!(await userExists(id))) notFound();
    return <PersonAccount uid={id} />;
  },
});

export const generateMetadata = page.generateMetadata;
export default page.Page;

async function userExists(id: string): Promise<boolean> {
  try {
    return (await getDocuments().collection(Users).doc(id).get()).exists;
  } catch {
    // An id no document could have (a slash, too long): simply not found.
    return false;
  }
}
