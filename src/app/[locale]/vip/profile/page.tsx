// /vip/profile: the person's own account (members, and staff for their work).
import { routePage } from '@/app/_compose/route-page';
import { ForgetThisDevice } from '@/app/_compose/ForgetThisDevice';
import { getServerApi } from '@/app/_server/server';
import { ProfileSettings } from '@/features/profile/ui/ProfileSettings';
import { PushSettings } from '@/features/notifications/ui/PushSettings';

const page = routePage('vipProfile', {
  messages: ['Profile', 'Forms', 'Push'],
  content: async () => (
    <ForgetThisDevice>
      <ProfileSettings initial={await (await getServerApi()).profile.get()} notifications={<PushSettings />} />
    </ForgetThisDevice>
  ),
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
