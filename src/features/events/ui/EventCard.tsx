// One event in a list: cover, date and time at the venue, title linking to its page, summary,
// a cancelled event marked in words, and what a page adds below (members: their drinks). Renders on the server (home) and in the browser (the
// live programme) alike.
import type { ReactNode } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { localized } from '@/i18n/routing';
import type { PublicEvent } from '../public-events';
import { EventCoverImage } from './EventCoverImage';
import styles from './programme.module.css';

export function EventCard({
  event,
  headingLevel = 3,
  coverPriority = false,
  children,
}: {
  event: PublicEvent;
  headingLevel?: 2 | 3;
  /** The cover is the page's first picture: loaded at once, with high priority. */
  coverPriority?: boolean;
  children?: ReactNode;
}) {
  const t = useTranslations('Events');
  const format = useFormatter();
  const locale = useLocale();
  const title = localized(event.title, locale);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const cancelled = event.status === 'cancelled';
  // data-cancelled: the state as the server's HTML carries it, whatever the class names become.
  return (
    <article className={cancelled ? `${styles['event-card']} ${styles['event-card--cancelled']}` : styles['event-card']} data-cancelled={cancelled || undefined}>
      <div className={styles['event-card__cover']}>
        {event.cover ? (
          <EventCoverImage cover={event.cover} sizes="(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, calc(100vw - 2rem)" priority={coverPriority} />
        ) : (
          <span className={styles['event-card__placeholder']}>{t('noCover')}</span>
        )}
      </div>
      <div className={styles['event-card__body']}>
        <p className={styles['event-card__when']}>
          <time dateTime={event.startsAt.toISOString()}>
            {format.dateTime(event.startsAt, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' })}
            {' · '}
            {format.dateTime(event.startsAt, { hour: 'numeric', minute: '2-digit' })}
          </time>
        </p>
        <Heading className={styles['event-card__title']}>
          <Link href={`/events/${event.slug}`} className={styles['event-card__link']}>
            {title}
          </Link>
        </Heading>
        {cancelled && (
          <p className={styles['event-card__cancelled']}>
            <span aria-hidden="true">✕ </span>
            {t('cancelled')}
          </p>
        )}
        <p className={styles['event-card__summary']}>{localized(event.summary, locale)}</p>
        {children}
      </div>
    </article>
  );
}
