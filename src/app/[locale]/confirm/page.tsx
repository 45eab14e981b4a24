import { sectionPage } from '@/ui/page/section-page';

const page = sectionPage('confirm');
export const generateMetadata = page.generateMetadata;
export default page.SectionPage;
