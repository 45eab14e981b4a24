// /admin/images: the image library (admins only).
import { routePage } from '@/app/_compose/route-page';
import { ImageLibrary } from '@/features/images/ui/ImageLibrary';

const page = routePage('adminImages', { messages: ['AdminImages', 'Forms'], content: () => <ImageLibrary /> });

export const generateMetadata = page.generateMetadata;
export default page.Page;
