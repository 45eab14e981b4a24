'use client';
// /admin/events: the programme by filter (upcoming, past, drafts, cancelled, all) with search.
// Filter, search and page live in the URL, so a reload or a shared link shows the same list.
import { useId, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useRouter, useSearchParams } from 'next/navigation';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@/i18n/navigation';
import { trpc } from '@/trpc/client';
import { TextField } from '@/ui/form/TextField';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { useSettledSearch } from '@/ui/form/useSettledSearch';
import type { Locale } from '@/i18n/routing';
import { ADMIN_EVENT_FILTERS, type AdminEventFilter } from '../event-input';
import { isPublic } from '../programme';
import { EventStatusBadge } from './EventStatusBadge';
import { EventCoverImage } from './EventCoverImage';

function readParams(params: URLSearchParams) {
  const raw = params.get('filter') ?? '';
  const filter: AdminEventFilter = (ADMIN_EVENT_FILTERS as readonly string[]).includes(raw) ? (raw as AdminEventFilter) : 'upcoming';
  const trail = (params.get('after') ?? '').split(',').filter(Boolean);
  return { filter, search: params.get('q') ?? '', trail };
}

export function EventDirectory() {
  const t = useTranslations('AdminEvents');
  const format = useFormatter();
  const locale = useLocale() as Locale;
  const router = useRouter();
  const params = useSearchParams();
  const state = readParams(new URLSearchParams(params.toString()));
  const [search, setSearch] = useState(state.search);
  const id = useId();

  function navigate(next: Partial<typeof state>) {
    const merged = { ...state, ...next };
    const query = new URLSearchParams();
    if (merged.filter !== 'upcoming') query.set('filter', merged.filter);
    if (merged.search) query.set('q', merged.search);
    if (merged.trail.length) query.set('after', merged.trail.join(','));
    const suffix = query.toString();
    router.replace(`${window.location.pathname}${suffix ? `?${suffix}` : ''}`, { scroll: false });
  }

  useSettledSearch(search, state.search, (settled) => navigate({ search: settled, trail: [] }));

  const list = trpc.events.list.useQuery(
    { filter: state.filter, search: state.search, cursor: state.trail.at(-1) ?? null },
    { placeholderData: keepPreviousData },
  );
  const when = (date: Date) => format.dateTime(date, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

  return (
    <div className="directory">
      <div className="directory__toolbar">
        <Link href="/admin/events?edit=new" className="button button--primary">
          {t('create')}
        </Link>
      </div>
      <form
        className="directory__controls"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          navigate({ search: search.trim(), trail: [] });
        }}
      >
        <TextField
          id={`${id}-q`}
          name="q"
          type="search"
          className="directory__search"
          label={t('searchLabel')}
          value={search}
          autoComplete="off"
          hint={t('searchHint')}
          onChange={setSearch}
        />
      </form>
      <div className="segmented segmented--wrap" role="group" aria-label={t('filterLabel')}>
        {ADMIN_EVENT_FILTERS.map((filter) => (
          <button key={filter} type="button" className="segmented__option" aria-pressed={state.filter === filter} onClick={() => navigate({ filter, trail: [] })}>
            {t(`filters.${filter}`)}
          </button>
        ))}
      </div>

      {list.isError && <RetryAlert error={list.error} onRetry={() => list.refetch()} />}
      {list.isPending && (
        <p className="directory__status" role="status">
          <span className="spinner" aria-hidden="true" /> {t('loading')}
        </p>
      )}
      {list.data && (
        <section aria-labelledby={`${id}-results`} aria-busy={list.isFetching}>
          <h2 id={`${id}-results`} className="visually-hidden">
            {t(`filters.${state.filter}`)}
          </h2>
          {list.data.events.length === 0 ? (
            <p className="empty-state">{state.search ? t('noMatches', { search: state.search }) : t(`empty.${state.filter}`)}</p>
          ) : (
            <ul className="event-rows">
              {list.data.events.map((event) => (
                <li key={event.id} className="event-row">
                  <div className="event-row__cover">
                    {event.cover ? <EventCoverImage cover={event.cover} sizes="6rem" /> : <span className="event-row__placeholder" aria-hidden="true">♪</span>}
                  </div>
                  <div className="event-row__body">
                    <h3 className="event-row__title">
                      <Link href={`/admin/events?edit=${encodeURIComponent(event.id)}`}>{event.title[locale] || event.title.en}</Link>
                    </h3>
                    <p className="event-row__meta">
                      <time dateTime={event.startsAt.toISOString()}>{when(event.startsAt)}</time>
                      <EventStatusBadge status={event.status} />
                    </p>
                    <p className="event-row__slug">/events/{event.slug}</p>
                  </div>
                  {isPublic(event.status) && (
                    <Link className="button button--ghost button--small event-row__view" href={`/events/${event.slug}`}>
                      {t('viewPublic')}
                      <span className="visually-hidden">: {event.title[locale] || event.title.en}</span>
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          )}
          <nav className="pager" aria-label={t('pagerLabel')}>
            <button type="button" className="button button--ghost button--small" disabled={state.trail.length === 0} onClick={() => navigate({ trail: state.trail.slice(0, -1) })}>
              {t('previous')}
            </button>
            <span className="pager__page">{t('page', { page: state.trail.length + 1 })}</span>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={!list.data.nextCursor}
              onClick={() => list.data?.nextCursor && navigate({ trail: [...state.trail, list.data.nextCursor] })}
            >
              {t('next')}
            </button>
          </nav>
        </section>
      )}
    </div>
  );
}
