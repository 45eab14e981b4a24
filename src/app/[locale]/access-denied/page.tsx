// A signed-in person without the role a page needs: the proxy rewrites here with status 403
// (as it does for unknown URLs, see decision 003), so the page renders on the server.
import { getTranslations } from 'next-intl/server';
import { localeStaticParams } from '@/i18n/locale-params';
import { pageShell } from '@/app/_compose/page-shell';
import { ForbiddenView, isMembershipRefusal } from '@/app/_compose/ForbiddenView';

export const generateStaticParams = localeStaticParams;

const page = pageShell('accessDenied', {
  heading: 'none',
  // Someone signed in without a role at the VIP area's door is invited to a membership.
  metadata: async (base, { locale }) => ((await isMembershipRefusal()) ? { ...base, title: (await getTranslations({ locale, namespace: 'Errors' }))('membersOnlyTitle') } : base),
  content: () => <ForbiddenView />,
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
