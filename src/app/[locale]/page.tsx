// Home: who we are, what's on, what membership gives.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom, type LocaleParams } from '@/ui/page/section-page';
import { BellIcon, GlassIcon, PassIcon, SofaIcon } from '@/ui/icons';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await localeFrom(params);
  const [page, meta] = await Promise.all([pageMetadata(locale, 'home'), getTranslations({ locale, namespace: 'Meta' })]);
  return { ...page, title: { absolute: `${meta('siteName')} – ${String(page.title)}` } };
}

const BENEFITS = [
  { key: 'pass', Icon: PassIcon },
  { key: 'drinks', Icon: GlassIcon },
  { key: 'lounge', Icon: SofaIcon },
  { key: 'inbox', Icon: BellIcon },
] as const;

export default async function HomePage({ params }: LocaleParams) {
  const locale = await localeFrom(params);
  const t = await getTranslations({ locale, namespace: 'Home' });
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <div className="hero__glow" aria-hidden="true" />
        <span className="eyebrow">{t('eyebrow')}</span>
        <h1 id="home-title">{t('heading')}</h1>
        <p className="hero__lead">{t('lead')}</p>
        <div className="hero__actions">
          <Link href="/events" className="button button--primary">{t('ctaEvents')}</Link>
          <a href="#membership" className="button button--ghost">{t('ctaMember')}</a>
        </div>
      </section>

      <section id="membership" className="section" aria-labelledby="membership-title">
        <h2 id="membership-title">{t('membershipHeading')}</h2>
        <p className="section__lead">{t('membershipLead')}</p>
        <ul className="card-grid">
          {BENEFITS.map(({ key, Icon }) => (
            <li key={key} className="card">
              <h3><Icon className="card__icon" />{t(`benefits.${key}.title`)}</h3>
              <p>{t(`benefits.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="install-heading">
        <h2 id="install-heading">{t('installHeading')}</h2>
        <p className="section__lead">{t('installText')}</p>
      </section>
    </>
  );
}
