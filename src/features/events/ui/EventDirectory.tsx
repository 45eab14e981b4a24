'use client';
// /admin/events: the programme by filter (upcoming, past, drafts, cancelled, all) with search.
// Filter, search and page live in the URL, so a reload or a shared link shows the same list.
import { useId, type ReactNode } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { keepPreviousData } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { Link } from '@/i18n/navigation';
import { trpc } from '@/trpc/client';
import type { AppRouter } from '@/app/_server/router';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { useListParams } from '@/ui/list/useListParams';
import { CursorPager } from '@/ui/list/CursorPager';
import { ListSearch } from '@/ui/list/ListSearch';
import { Segmented } from '@/ui/form/Segmented';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { localized } from '@/i18n/routing';
import { ADMIN_EVENT_FILTERS } from '../events.inputs';
import { isPublic } from '../programme';
import { EventStatusBadge } from './EventStatusBadge';
import { EventCoverImage } from './EventCoverImage';
import styles from './EventDirectory.module.css';

const EVENT_LIST_CHOICES = { filter: { values: ADMIN_EVENT_FILTERS, default: 'upcoming' } } as const;

// The door's counts as its procedure answers them: the door's own type sits above events.
type DoorCounts = inferRouterOutputs<AppRouter>['door']['countsOf'][string];

/** `rowDoor` is the door's line in an event's row, given the counts this list fetched for its rows: the page puts it in. */
export function EventDirectory({ rowDoor }: { rowDoor: (row: { eventId: string; title: string; counts: DoorCounts | undefined }) => ReactNode }) {
  const t = useTranslations('AdminEvents');
  const format = useFormatter();
  const locale = useLocale();
  const list = useListParams(EVENT_LIST_CHOICES);
  const { filter: shown } = list.chosen;
  const id = useId();

  const events = trpc.events.list.useQuery({ filter: shown, search: list.search, cursor: list.cursor }, { placeholderData: keepPreviousData });
  // The door's figures of the events shown that can have admissions (not drafts).
  const doorIds = (events.data?.events ?? []).filter((event) => isPublic(event.status)).map((event) => event.id);
  const counts = trpc.door.countsOf.useQuery({ eventIds: doorIds }, { enabled: doorIds.length > 0, placeholderData: keepPreviousData });
  const when = (date: Date) => format.dateTime(date, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

  return (
    <div className="directory">
      <div className="directory__toolbar">
        <Link href="/admin/events?edit=new" className="button button--primary">
          {t('create')}
        </Link>
      </div>
      <ListSearch id={id} list={list} label={t('searchLabel')} hint={t('searchHint')} />
      <Segmented wrap label={t('filterLabel')} options={ADMIN_EVENT_FILTERS} chosen={shown} onChoose={(filter) => list.choose('filter', filter)} labelOf={(filter) => t(`filters.${filter}`)} />

      {events.isError && <RetryAlert error={events.error} onRetry={() => events.refetch()} />}
      {events.isPending && (
        <LoadingStatus>{t('loading')}</LoadingStatus>
      )}
      {events.data && (
        <section aria-labelledby={`${id}-results`} aria-busy={events.isFetching}>
          <h2 id={`${id}-results`} className="visually-hidden">
            {t(`filters.${shown}`)}
          </h2>
          {events.data.events.length === 0 ? (
            <p className="empty-state">{list.search ? t('noMatches', { search: list.search }) : t(`empty.${shown}`)}</p>
          ) : (
            <ul className={styles['event-rows']}>
              {events.data.events.map((event) => (
                <li key={event.id} className={styles['event-row']}>
                  <div className={styles['event-row__cover']}>
                    {event.cover ? <EventCoverImage cover={event.cover} sizes="6rem" /> : <span className={styles['event-row__placeholder']} aria-hidden="true">♪</span>}
                  </div>
                  <div className={styles['event-row__body']}>
                    <h3 className={styles['event-row__title']}>
                      <Link href={`/admin/events?edit=${encodeURIComponent(event.id)}`}>{localized(event.title, locale)}</Link>
                    </h3>
                    <p className={styles['event-row__meta']}>
                      <time dateTime={event.startsAt.toISOString()}>{when(event.startsAt)}</time>
                      <EventStatusBadge status={event.status} />
                    </p>
                    <p className={styles['event-row__slug']}>/events/{event.slug}</p>
                    {isPublic(event.status) && rowDoor({ eventId: event.id, title: localized(event.title, locale), counts: counts.data?.[event.id] })}
                  </div>
                  {isPublic(event.status) && (
                    <Link className={`button button--ghost button--small ${styles['event-row__view']}`} href={`/events/${event.slug}`}>
                      {t('viewPublic')}
                      <span className="visually-hidden">: {localized(event.title, locale)}</span>
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          )}
          <CursorPager label={t('pagerLabel')} list={list} nextCursor={events.data.nextCursor} fetching={events.isFetching} />
        </section>
      )}
    </div>
  );
}
