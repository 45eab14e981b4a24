import { sectionPage } from '@/ui/page/section-page';

const page = sectionPage('vipQr');
export const generateMetadata = page.generateMetadata;
export default page.SectionPage;
