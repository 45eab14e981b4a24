// Unknown URLs: the proxy rewrites them here with status 404 (see src/proxy.ts for why), so the
// not-found page is rendered completely on the server in the visitor's language.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { localeFrom, type LocaleParams } from '@/i18n/locale-params';
import { NotFoundView } from '@/ui/errors/NotFoundView';
import { NOT_FOUND_PATH_PARAM } from '@/navigation/not-found';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const t = await getTranslations({ locale: await localeFrom(params), namespace: 'Errors' });
  return { title: t('notFoundTitle'), robots: { index: false } };
}

export default async function PageNotFound({
  params,
  searchParams,
}: LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await localeFrom(params);
  const requested = (await searchParams)[NOT_FOUND_PATH_PARAM];
  return <NotFoundView path={typeof requested === 'string' ? requested : '/'} />;
}
