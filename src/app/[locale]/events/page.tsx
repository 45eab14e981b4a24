import { sectionPage } from '@/ui/page/section-page';

const page = sectionPage('events');
export const generateMetadata = page.generateMetadata;
export default page.SectionPage;
