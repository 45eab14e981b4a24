// /admin: the admin home (admins only).
import { routePage } from '@/app/_compose/route-page';
import { getServerApi } from '@/app/_server/server';
import { AdminHome } from '@/features/memberships/ui/AdminHome';
import { ClientMessages } from '@/i18n/ClientMessages';
import { DoorTonight } from '@/features/door/ui/AdminDoor';
import { MailOutbox } from '@/features/mail/ui/MailOutbox';

const page = routePage('admin', {
  content: async () => {
    const api = await getServerApi();
    const [members, programme, doorEvents, mail] = await Promise.all([api.memberships.counts(), api.events.overview(), api.door.events(), api.mailOutbox.state()]);
    return (
      <>
        <ClientMessages namespaces={['AdminDoor', 'Scanner']}>
          {doorEvents
            .filter((event) => event.open)
            .map((event) => (
              <DoorTonight key={event.id} event={event} />
            ))}
        </ClientMessages>
        <AdminHome members={members} programme={programme} />
        <MailOutbox state={mail} />
      </>
    );
  },
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
