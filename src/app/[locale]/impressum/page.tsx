// Legal notice (Impressum) with the sections German law expects; the operator is fictional.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom, type LocaleParams, localeStaticParams } from '@/ui/page/section-page';
import { PageHeader } from '@/ui/page/PageHeader';

export const generateStaticParams = localeStaticParams;

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return pageMetadata(await localeFrom(params), 'impressum');
}

const TEXT_SECTIONS = [
  ['representedHeading', 'represented'],
  ['registerHeading', 'register'],
  ['vatHeading', 'vat'],
  ['responsibleHeading', 'responsible'],
  ['disputeHeading', 'dispute'],
  ['liabilityHeading', 'liability'],
  ['copyrightHeading', 'copyright'],
] as const;

export default async function ImpressumPage({ params }: LocaleParams) {
  const locale = await localeFrom(params);
  const t = await getTranslations({ locale });
  return (
    <article className="prose">
      <PageHeader title={t('Pages.impressum.title')} />
      <p className="notice" role="note">{t('Impressum.fictionalNotice')}</p>
      <section aria-labelledby="imp-provider">
        <h2 id="imp-provider">{t('Impressum.providerHeading')}</h2>
        <address className="address">{t('Impressum.providerLines')}</address>
      </section>
      <section aria-labelledby="imp-contact">
        <h2 id="imp-contact">{t('Impressum.contactHeading')}</h2>
        <p>
          {t('Impressum.contactPhone')}
          <br />
          {t('Impressum.contactEmail')}
        </p>
      </section>
      {TEXT_SECTIONS.map(([heading, text]) => (
        <section key={heading} aria-labelledby={`imp-${text}`}>
          <h2 id={`imp-${text}`}>{t(`Impressum.${heading}`)}</h2>
          <p>{t(`Impressum.${text}`)}</p>
        </section>
      ))}
    </article>
  );
}
