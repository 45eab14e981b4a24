'use client';
// The inbox on /vip: the newest messages first, unread ones marked (with a symbol and words, not
// colour alone), live as new ones arrive; opening one marks it read, and all can be marked read.
import { useId } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { trpc } from '@/trpc/client';
import { useApiErrorMessage } from '@/trpc/errors';
import { useLiveFeed } from '@/features/live/client/useLiveFeed';
import { inboxFeed } from '../client/live-feeds';
import type { InboxEntry } from '../inbox';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { Alert } from '@/ui/feedback/Alert';
import styles from './notifications.module.css';

export function Inbox() {
  const t = useTranslations('Inbox');
  const id = useId();
  const inbox = useLiveFeed(inboxFeed, undefined);
  const errorMessage = useApiErrorMessage();
  const markAll = trpc.inbox.markAllRead.useMutation();
  return (
    <section className="section inbox" id="inbox" aria-labelledby={`${id}-title`} aria-busy={inbox.status === 'loading'}>
      <div className={styles.inbox__head}>
        <h2 id={`${id}-title`}>{t('title')}</h2>
        {inbox.status === 'ready' && inbox.data.unread > 0 ? (
          <button type="button" className="button button--ghost button--small" disabled={markAll.isPending} onClick={() => markAll.mutate()}>
            {markAll.isPending ? <span className="spinner" aria-hidden="true" /> : null} {t('markAllRead')}
          </button>
        ) : null}
      </div>
      {markAll.isError ? <Alert kind="error">{errorMessage(markAll.error)}</Alert> : null}
      {inbox.status === 'loading' ? <LoadingStatus>{t('loading')}</LoadingStatus> : null}
      {inbox.status === 'error' ? <Alert kind="error">{t('failed')}</Alert> : null}
      {inbox.status === 'ready' ? (
        inbox.data.entries.length === 0 ? (
          <p className="empty-state">{t('empty')}</p>
        ) : (
          <>
            <p className="visually-hidden" aria-live="polite">{t('unreadCount', { count: inbox.data.unread })}</p>
            <ul className={styles.inbox__list}>
              {inbox.data.entries.map((entry) => (
                <InboxItem key={entry.id} entry={entry} />
              ))}
            </ul>
          </>
        )
      ) : null}
    </section>
  );
}

function InboxItem({ entry }: { entry: InboxEntry }) {
  const t = useTranslations('Inbox');
  const format = useFormatter();
  const markRead = trpc.inbox.markRead.useMutation();
  const read = () => {
    if (!entry.read && !markRead.isPending) markRead.mutate({ id: entry.id });
  };
  return (
    <li className={entry.read ? styles['inbox-entry'] : `${styles['inbox-entry']} ${styles['inbox-entry--unread']}`}>
      <p className={styles['inbox-entry__meta']}>
        {entry.read ? null : (
          <span className={`badge ${styles['badge--unread']}`}>
            <span aria-hidden="true">●</span> {t('unread')}
          </span>
        )}
        <time dateTime={entry.at.toISOString()}>{format.dateTime(entry.at, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' })}</time>
      </p>
      <p className={styles['inbox-entry__title']}>{entry.title}</p>
      <p className={styles['inbox-entry__body']}>{entry.body}</p>
      <p className={styles['inbox-entry__actions']}>
        {entry.link ? (
          <Link href={entry.link} onClick={read}>
            {t('open')}
          </Link>
        ) : null}
        {entry.read ? null : (
          <button type="button" className="button button--ghost button--small" disabled={markRead.isPending} onClick={read}>
            {t('markRead')}
          </button>
        )}
      </p>
    </li>
  );
}
