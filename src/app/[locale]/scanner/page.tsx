import { sectionPage } from '@/ui/page/section-page';

const page = sectionPage('scanner');
export const generateMetadata = page.generateMetadata;
export default page.SectionPage;
