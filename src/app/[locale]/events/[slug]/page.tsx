// /events/{slug}: one event, for visitors and for search engines and link previews. Drafts and
// unknown slugs are the 404 page and former slugs redirect (both decided in the proxy first).
import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { localized, type Locale } from '@/i18n/routing';
import { env } from '@/server/env';
import { alternatesFor } from '@/navigation/metadata';
import { pageShell, type RouteView } from '@/app/_compose/page-shell';
import { CalendarIcon, MapPinIcon } from '@/ui/icons';
import { Facts } from '@/ui/Facts';
import { BackLink } from '@/ui/page/BackLink';
import { Alert } from '@/ui/feedback/Alert';
import { getDocuments } from '@/server/documents/documents';
import { findEventBySlug } from '@/features/events/public-events';
import { calendarPath, eventJsonLd, eventPath, mapUrl, previewImage, scriptJson } from '@/features/events/structured-data';
import { EventCoverImage } from '@/features/events/ui/EventCoverImage';
import { RichText } from '@/features/events/ui/RichText';
import { ShareButton } from '@/features/events/ui/ShareButton';
import { cookies } from 'next/headers';
import { Events } from '@/features/events/events';
import { PublicTickets } from '@/features/tickets/ui/PublicTickets';
import { ClientMessages } from '@/i18n/ClientMessages';
import { SESSION_COOKIE } from '@/features/identity/session';
import { MemberGuestAction } from './MemberGuestAction';
import styles from './page.module.css';

// Rendered per request, like every page: each response carries its own CSP nonce (decision 014,
// which replaces the page cache of decision 011).

// Metadata and page ask once per request.
const lookUp = cache((slug: string) => findEventBySlug(getDocuments(), slug));

async function eventFor(locale: Locale, slug: string) {
  const found = await lookUp(slug);
  if (found.kind === 'moved') permanentRedirect(eventPath(locale, found.slug));
  if (found.kind === 'missing') notFound();
  return found.event;
}

const page = pageShell('event', {
  // Headed, described and previewed by the event itself.
  heading: 'none',
  metadata: (_table, { locale, params }) => eventMetadata(locale, params.slug ?? ''),
  content: EventPage,
});

export const generateMetadata = page.generateMetadata;
export default page.Page;

async function eventMetadata(locale: Locale, slug: string): Promise<Metadata> {
  const event = await eventFor(locale, slug);
  const title = localized(event.title, locale);
  const description = localized(event.summary, locale);
  const image = previewImage(env.SITE_URL, event);
  const images = [{ ...image, alt: event.cover?.alt[locale] || title }];
  return {
    title,
    description,
    alternates: alternatesFor(locale, `/events/${event.slug}`),
    openGraph: { type: 'website', title, description, url: eventPath(locale, event.slug), locale: locale === 'de' ? 'de_DE' : 'en_GB', images },
    twitter: { card: 'summary_large_image', title, description, images: images.map((one) => one.url) },
  };
}

async function EventPage({ locale, params }: RouteView) {
  const event = await eventFor(locale, params.slug ?? '');
  const [t, format] = await Promise.all([getTranslations({ locale, namespace: 'Events' }), getFormatter({ locale })]);
  const title = localized(event.title, locale);
  const summary = localized(event.summary, locale);
  const cancelled = event.status === 'cancelled';
  const over = event.endsAt < new Date();
  const time = (date: Date) => format.dateTime(date, { hour: 'numeric', minute: '2-digit' });
  // Free tickets are the event's own (not in the public mirror): the panel comes only where some are offered.
  const offersTickets = !cancelled && !over && ((await getDocuments().collection(Events).doc(event.id).get()).data?.publicTickets ?? 0) > 0;
  // Only a request with a session may be a member's: the guests' words ride only on those pages.
  const mayBringGuests = !cancelled && !over && (await cookies()).has(SESSION_COOKIE);

  return (
    <article className={styles['event-page']}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(eventJsonLd(event, locale, env.SITE_URL)) }} />
      <BackLink href="/events">{t('backToList')}</BackLink>
      {cancelled && (
        <Alert kind="error" standing className={styles['event-page__notice']}>
          <strong>{t('cancelledNotice')}</strong> {t('cancelledHint')}
        </Alert>
      )}
      {!cancelled && over && (
        <Alert kind="info" standing className={styles['event-page__notice']}>
          {t('pastNotice')}
        </Alert>
      )}
      <header className={styles['event-page__header']}>
        <p className="eyebrow">
          <time dateTime={event.startsAt.toISOString()}>{format.dateTime(event.startsAt, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}</time>
        </p>
        <h1 className={cancelled ? styles['event-page__title--cancelled'] : undefined}>{title}</h1>
        <p className="lead">{summary}</p>
      </header>
      {event.cover && (
        <div className={styles['event-page__cover']}>
          <EventCoverImage cover={event.cover} sizes="(min-width: 72rem) 68rem, (min-width: 600px) calc(100vw - 3rem), calc(100vw - 2rem)" priority />
        </div>
      )}
      <div className={styles['event-page__layout']}>
        <section aria-labelledby="event-facts" className={`panel ${styles['event-page__facts']}`}>
          <h2 id="event-facts" className="visually-hidden">
            {t('factsLabel')}
          </h2>
          <Facts>
            <dt>{t('date')}</dt>
            <dd>{format.dateTime(event.startsAt, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}</dd>
            <dt>{t('time')}</dt>
            <dd>{t('timeRange', { start: time(event.startsAt), end: time(event.endsAt) })}</dd>
            <dt>{t('doorsLabel')}</dt>
            <dd>{time(event.doorsAt)}</dd>
            <dt>{t('venue')}</dt>
            <dd>
              {event.venue.name}
              <br />
              {event.venue.address}
            </dd>
          </Facts>
          <div className={styles['event-actions']}>
            <a className="button button--ghost" href={mapUrl(event.venue)} rel="noopener noreferrer">
              <MapPinIcon className="button__icon" />
              {t('map')}
              <span className="visually-hidden"> ({t('mapHint')})</span>
            </a>
            {!cancelled && (
              <a className="button button--ghost" href={calendarPath(locale, event.slug)} download={`${event.slug}.ics`}>
                <CalendarIcon className="button__icon" />
                {t('calendar')}
                <span className="visually-hidden"> ({t('calendarHint')})</span>
              </a>
            )}
            <ShareButton title={title} text={summary} path={eventPath(locale, event.slug)} />
            {mayBringGuests && (
              <ClientMessages namespaces={['Guests', 'Forms']}>
                <MemberGuestAction event={{ id: event.id, title: event.title, startsAt: event.startsAt }} />
              </ClientMessages>
            )}
          </div>
        </section>
        <RichText source={localized(event.description, locale)} className={`prose ${styles['event-page__description']}`} />
      </div>
      {offersTickets && (
        <ClientMessages namespaces={['PublicTickets']}>
          <PublicTickets eventId={event.id} slug={event.slug} />
        </ClientMessages>
      )}
    </article>
  );
}
