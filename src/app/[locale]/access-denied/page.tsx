// A signed-in person without the role a page needs: the proxy rewrites here with status 403
// (as it does for unknown URLs, see decision 003), so the page renders on the server.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { localeFrom, type LocaleParams, localeStaticParams } from '@/i18n/locale-params';
import { ForbiddenView, isMembershipRefusal } from '@/app/_compose/ForbiddenView';

export const generateStaticParams = localeStaticParams;

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const t = await getTranslations({ locale: await localeFrom(params), namespace: 'Errors' });
  return { title: (await isMembershipRefusal()) ? t('membersOnlyTitle') : t('forbiddenTitle'), robots: { index: false } };
}

export default async function AccessDenied({ params }: LocaleParams) {
  await localeFrom(params);
  return <ForbiddenView />;
}
