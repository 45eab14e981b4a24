// /vip/bar: tonight's drinks and the pass to show at the bar (members, and staff for their work).
import { routePage } from '@/app/_compose/route-page';
import { BarScreen } from '@/features/door/ui/BarScreen';

const page = routePage('vipBar', { messages: ['Bar', 'Pass'], content: () => <BarScreen /> });

export const generateMetadata = page.generateMetadata;
export default page.Page;
