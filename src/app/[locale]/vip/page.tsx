// /vip: the member's home (members, and staff for their work).
import { getTranslations } from 'next-intl/server';
import { routePage } from '@/app/_compose/route-page';
import { getServerApi } from '@/app/_server/server';
import { VipHome } from '@/features/memberships/ui/VipHome';
import { EventGrid } from '@/features/events/ui/EventGrid';
import { Inbox } from '@/features/notifications/ui/Inbox';
import { MemberGuests } from '@/features/tickets/ui/MemberGuests';
import { ClientMessages } from '@/i18n/ClientMessages';

const page = routePage('vip', {
  eyebrow: async ({ locale, identity }) => {
    const t = await getTranslations({ locale, namespace: 'VipHome' });
    const name = identity?.displayName ?? identity?.email ?? '';
    return name ? t('greeting', { name }) : t('greetingNoName');
  },
  content: async ({ identity }) => {
    const api = await getServerApi();
    const [membership, events] = await Promise.all([api.memberships.mine(), api.events.forMembers()]);
    return (
      <>
        <VipHome identity={identity!} membership={membership} events={events} now={new Date()} EventGrid={EventGrid} />
        {membership.current && (
          <ClientMessages namespaces={['Guests', 'Forms']}>
            <MemberGuests />
          </ClientMessages>
        )}
        <ClientMessages namespaces={['Inbox']}>
          <Inbox />
        </ClientMessages>
      </>
    );
  },
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
