// /vip/bar: tonight's drinks and the pass to show at the bar (members, and staff for their work).
import { routePage } from '@/app/_compose/route-page';
import { BarScreen } from '@/features/door/ui/BarScreen';
import { ForgetThisDevice } from '@/app/_compose/ForgetThisDevice';

// The bar shows the pass, whose "Sign in again" signs out here first: what the device forgets.
const page = routePage('vipBar', {
  messages: ['Bar', 'Pass'],
  content: () => (
    <ForgetThisDevice>
      <BarScreen />
    </ForgetThisDevice>
  ),
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
