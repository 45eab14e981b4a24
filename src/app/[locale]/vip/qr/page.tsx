// /vip/qr: the member's pass (members, and staff, who see that it admits only with a membership).
import { routePage } from '@/app/_compose/route-page';
import { PassScreen } from '@/features/door/ui/PassScreen';

const page = routePage('vipQr', { messages: ['Pass'], content: () => <PassScreen /> });

export const generateMetadata = page.generateMetadata;
export default page.Page;
