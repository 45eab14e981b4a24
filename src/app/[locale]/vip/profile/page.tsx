// /vip/profile: the person's own account (members, and staff for their work).
import { routePage } from '@/app/_compose/route-page';
import { ForgetThisDevice } from '@/app/_compose/ForgetThisDevice';
import { getServerApi } from '@/app/_server/server';
import { ProfileSettings } from '@/features/profile/ui/ProfileSettings';
import { PushSettings } from '@/features/notifications/ui/PushSettings';

const page = routePage('vipProfile', {
  messages: ['Profile', 'Forms', 'Push'],
  content: async () => {
    const api = await getServerApi();
    const [profile, mail] = await Promise.all([api.profile.get(), api.profile.getMail()]);
    return (
      <ForgetThisDevice>
        <ProfileSettings initial={profile} mail={mail} notifications={<PushSettings />} />
      </ForgetThisDevice>
    );
  },
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
