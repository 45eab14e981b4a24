// /vip/qr: the member's pass (members, and staff, who see that it admits only with a membership).
import { routePage } from '@/app/_compose/route-page';
import { PassScreen } from '@/features/door/ui/PassScreen';
import { ForgetThisDevice } from '@/app/_compose/ForgetThisDevice';

// "Sign in again" (moving the pass from another phone) signs out here first: what the device forgets.
const page = routePage('vipQr', {
  messages: ['Pass'],
  content: () => (
    <ForgetThisDevice>
      <PassScreen />
    </ForgetThisDevice>
  ),
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
