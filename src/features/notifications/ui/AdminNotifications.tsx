'use client';
// /admin/notifications: the list by status, or with ?edit=<id> (or ?edit=new) the composer. One
// route, and a URL for every notification being written that a reload keeps.
import { useId } from 'react';
import { useSearchParams } from 'next/navigation';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@/i18n/navigation';
import { localized } from '@/i18n/routing';
import { trpc } from '@/trpc/client';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { useListParams } from '@/ui/list/useListParams';
import { CursorPager } from '@/ui/list/CursorPager';
import { Segmented } from '@/ui/form/Segmented';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { NOTIFICATION_FILTER_VALUES, type NotificationStatusName } from '../constants';
import { NotificationComposer } from './NotificationComposer';
import { audienceLabel } from './audience-label';
import styles from './notifications.module.css';

const LIST_CHOICES = { filter: { values: NOTIFICATION_FILTER_VALUES, default: 'all' } } as const;
const SYMBOL: Record<NotificationStatusName, string> = { draft: '✎', scheduled: '◔', sending: '↻', sent: '✓', failed: '✕' };

export function NotificationStatusBadge({ status }: { status: NotificationStatusName }) {
  const t = useTranslations('AdminNotifications.status');
  const tone = styles[`badge--notification-${status}`];
  return (
    <span className={tone ? `badge ${tone}` : 'badge'} data-testid="notification-status">
      <span aria-hidden="true">{SYMBOL[status]}</span> {t(status)}
    </span>
  );
}

export function AdminNotifications() {
  const params = useSearchParams();
  const edit = params.get('edit');
  if (edit !== null) return <NotificationComposer key={edit} id={edit === 'new' ? null : edit} />;
  return <NotificationList />;
}

function NotificationList() {
  const t = useTranslations('AdminNotifications');
  const format = useFormatter();
  const locale = useLocale();
  const list = useListParams(LIST_CHOICES);
  const { filter } = list.chosen;
  const id = useId();
  const notifications = trpc.notifications.list.useQuery({ filter, cursor: list.cursor }, { placeholderData: keepPreviousData });
  const when = (date: Date) => format.dateTime(date, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' });

  return (
    <div className="directory">
      <div className="directory__toolbar">
        <Link href="/admin/notifications?edit=new" className="button button--primary">
          {t('create')}
        </Link>
      </div>
      <Segmented wrap label={t('filterLabel')} options={NOTIFICATION_FILTER_VALUES} chosen={filter} onChoose={(value) => list.choose('filter', value)} labelOf={(value) => t(`filters.${value}`)} />
      {notifications.isError && <RetryAlert error={notifications.error} onRetry={() => notifications.refetch()} />}
      {notifications.isPending && (
        <LoadingStatus>{t('loading')}</LoadingStatus>
      )}
      {notifications.data && (
        <section aria-labelledby={`${id}-results`} aria-busy={notifications.isFetching}>
          <h2 id={`${id}-results`} className="visually-hidden">
            {t(`filters.${filter}`)}
          </h2>
          {notifications.data.notifications.length === 0 ? (
            <p className="empty-state">{t(`empty.${filter}`)}</p>
          ) : (
            <ul className={styles['notification-rows']}>
              {notifications.data.notifications.map((entry) => (
                <li key={entry.id} className={styles['notification-row']}>
                  <h3 className={styles['notification-row__title']}>
                    <Link href={entry.status === 'draft' || entry.status === 'scheduled' ? `/admin/notifications?edit=${entry.id}` : `/admin/notifications/${entry.id}`}>{localized(entry.title, locale) || t('untitled')}</Link>
                  </h3>
                  <p className={styles['notification-row__meta']}>
                    <NotificationStatusBadge status={entry.status} />
                    <span>{audienceLabel(t, entry.audience)}</span>
                    {entry.status === 'scheduled' && entry.scheduledAt ? <span>{t('scheduledFor', { when: when(entry.scheduledAt) })}</span> : null}
                    {entry.sentAt ? <span>{t('sentAt', { when: when(entry.sentAt) })}</span> : null}
                    {entry.recipients !== null ? <span>{t('recipients', { count: entry.recipients })}</span> : null}
                    {entry.delivered ? <span>{t('deliveredRead', entry.delivered)}</span> : null}
                    {entry.status !== 'draft' && entry.status !== 'scheduled' ? <Link href={`/admin/notifications/${entry.id}`}>{t('details')}</Link> : null}
                  </p>
                  {entry.failure ? <p className="field__error">{entry.failure}</p> : null}
                </li>
              ))}
            </ul>
          )}
          <CursorPager label={t('pagerLabel')} list={list} nextCursor={notifications.data.nextCursor} fetching={notifications.isFetching} />
        </section>
      )}
    </div>
  );
}
