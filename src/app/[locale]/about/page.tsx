// /about: the venue, its programme, its members and how to reach it.
import { getTranslations } from 'next-intl/server';
import { localeStaticParams } from '@/i18n/locale-params';
import { pageShell, type RouteView } from '@/app/_compose/page-shell';

export const generateStaticParams = localeStaticParams;

// The title heads the article, without the route's description.
const page = pageShell('about', { heading: 'within', lead: false, content: AboutPage });

export const generateMetadata = page.generateMetadata;
export default page.Page;

const SECTIONS = [
  ['programmeHeading', 'programme'],
  ['membersHeading', 'members'],
  ['accessHeading', 'access'],
  ['teamHeading', 'team'],
] as const;

async function AboutPage({ locale, heading }: RouteView) {
  const t = await getTranslations({ locale });
  return (
    <article className="prose">
      {heading}
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
