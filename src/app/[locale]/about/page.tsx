import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom, type LocaleParams, localeStaticParams } from '@/i18n/locale-params';
import { PageHeader } from '@/ui/page/PageHeader';

export const generateStaticParams = localeStaticParams;

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return pageMetadata(await localeFrom(params), 'about');
}

const SECTIONS = [
  ['programmeHeading', 'programme'],
  ['membersHeading', 'members'],
  ['accessHeading', 'access'],
  ['teamHeading', 'team'],
] as const;

export default async function AboutPage({ params }: LocaleParams) {
  const locale = await localeFrom(params);
  const t = await getTranslations({ locale });
  return (
    <article className="prose">
      <PageHeader title={t('Pages.about.title')} />
      <p className="lead">{t('About.intro')}</p>
      {SECTIONS.map(([heading, text]) => (
        <section key={heading} aria-labelledby={`about-${text}`}>
          <h2 id={`about-${text}`}>{t(`About.${heading}`)}</h2>
          <p>{t(`About.${text}`)}</p>
        </section>
      ))}
    </article>
  );
}
