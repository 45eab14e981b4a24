// Home: who we are, what's on, what membership gives.
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { pageShell, type RouteView } from '@/app/_compose/page-shell';
import { BellIcon, GlassIcon, PassIcon, SofaIcon } from '@/ui/icons';
import { getDocuments } from '@/server/documents/documents';
import { nextEvents } from '@/features/events/public-events';
import { EventGrid } from '@/features/events/ui/EventGrid';
import { listImages } from '@/features/images/image-library';
import { isMembersOnly } from '@/features/images/members-only';
import { ResponsiveImage } from '@/ui/ResponsiveImage';
import { Alert } from '@/ui/feedback/Alert';
import { libraryImage } from '@/features/images/renditions';
import pictures from '@/features/images/ui/gallery.module.css';
import { ACCOUNT_DELETED_PARAM } from '@/features/profile/constants';
import styles from './page.module.css';

// The next events and the gallery are read per request, so they are always current.
export const dynamic = 'force-dynamic';

/** How many of the next events the home page shows, and how many gallery images. */
const NEXT_SHOWN = 3;
const GALLERY_SHOWN = 8;

const page = pageShell('home', {
  // Headed by its hero; the title is the site's name before the page's.
  heading: 'none',
  metadata: async (base, { locale }) => {
    const meta = await getTranslations({ locale, namespace: 'Meta' });
    return { ...base, title: { absolute: `${meta('siteName')} – ${String(base.title)}` } };
  },
  content: HomePage,
});

export const generateMetadata = page.generateMetadata;
export default page.Page;

const BENEFITS = [
  { key: 'pass', Icon: PassIcon },
  { key: 'drinks', Icon: GlassIcon },
  { key: 'lounge', Icon: SofaIcon },
  { key: 'inbox', Icon: BellIcon },
] as const;

async function HomePage({ locale, searchParams }: RouteView) {
  const documents = getDocuments();
  const [t, upcoming, gallery] = await Promise.all([
    getTranslations({ locale, namespace: 'Home' }),
    nextEvents(documents, NEXT_SHOWN),
    listImages(documents, { tag: 'gallery' }).then((images) => images.filter((image) => !isMembersOnly(image)).slice(0, GALLERY_SHOWN)),
  ]);
  const accountDeleted = ACCOUNT_DELETED_PARAM in (await searchParams);
  return (
    <>
      {accountDeleted ? <Alert kind="success">{t('accountDeleted')}</Alert> : null}
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={styles['hero__glow']} aria-hidden="true" />
        <span className="eyebrow">{t('eyebrow')}</span>
        <h1 id="home-title">{t('heading')}</h1>
        <p className={styles['hero__lead']}>{t('lead')}</p>
        <div className={styles['hero__actions']}>
          <Link href="/events" className="button button--primary">{t('ctaEvents')}</Link>
          <a href="#membership" className="button button--ghost">{t('ctaMember')}</a>
        </div>
      </section>

      <section className="section" aria-labelledby="next-title">
        <div className={styles['section__head']}>
          <h2 id="next-title">{t('nextHeading')}</h2>
          <Link href="/events" className={styles['section__more']}>
            {t('allEvents')} <span aria-hidden="true">→</span>
          </Link>
        </div>
        {upcoming.length === 0 ? (
          <p className="empty-state">{t('nextEmpty')}</p>
        ) : (
          <EventGrid events={upcoming} priorityFirst />
        )}
      </section>

      <section id="membership" className="section" aria-labelledby="membership-title">
        <h2 id="membership-title">{t('membershipHeading')}</h2>
        <p className={styles['section__lead']}>{t('membershipLead')}</p>
        <ul className={styles['card-grid']}>
          {BENEFITS.map(({ key, Icon }) => (
            <li key={key} className={styles.card}>
              <h3><Icon className={styles['card__icon']} />{t(`benefits.${key}.title`)}</h3>
              <p>{t(`benefits.${key}.text`)}</p>
            </li>
          ))}
        </ul>
        <p className={styles['section__cta']}>
          {/* Signed out, /vip asks to sign in first and comes back; without a membership it offers one. */}
          <Link href="/vip" className="button button--primary">{t('membershipCta')}</Link>
        </p>
      </section>

      {gallery.length > 0 && (
        <section className="section" aria-labelledby="gallery-title">
          <h2 id="gallery-title">{t('galleryHeading')}</h2>
          <ul className={pictures.gallery}>
            {gallery.map((image) => (
              <li key={image.id} className={pictures['gallery__item']}>
                <ResponsiveImage {...libraryImage(image)} sizes="(min-width: 64rem) 25vw, (min-width: 40rem) 33vw, 50vw" />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="section" aria-labelledby="install-heading">
        <h2 id="install-heading">{t('installHeading')}</h2>
        <p className={styles['section__lead']}>{t('installText')}</p>
      </section>
    </>
  );
}
