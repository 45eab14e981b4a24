// Unknown URLs: the proxy rewrites them here with status 404 (see src/proxy.ts for why), so the
// not-found page is rendered completely on the server in the visitor's language.
import { pageShell } from '@/app/_compose/page-shell';
import { NotFoundView } from '@/ui/errors/NotFoundView';
import { NOT_FOUND_PATH_PARAM } from '@/navigation/not-found';

const page = pageShell('pageNotFound', {
  heading: 'none',
  content: async ({ searchParams }) => {
    const requested = (await searchParams)[NOT_FOUND_PATH_PARAM];
    return <NotFoundView path={typeof requested === 'string' ? requested : '/'} />;
  },
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
