'use client';
// The header's unread count. Its own module, apart from the inbox: the header is on every page,
// and the feed's code (with the tRPC client) loads only once someone is signed in (decision 027).
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useLiveFeed } from '@/features/live/client/useLiveFeed';
import { inboxFeed } from '../client/live-feeds';
import styles from './notifications.module.css';

/** The header's unread count, for signed-in people: a link to the inbox, shown when there is one. */
export function InboxBadge() {
  const t = useTranslations('Nav');
  const inbox = useLiveFeed(inboxFeed, undefined);
  if (inbox.status !== 'ready' || inbox.data.unread === 0) return null;
  return (
    <Link href="/vip#inbox" className={styles['inbox-badge']} aria-label={t('inboxUnread', { count: inbox.data.unread })}>
      <span aria-hidden="true">✉</span>
      <span className={styles['inbox-badge__count']} aria-hidden="true">
        {inbox.data.unread > 99 ? '99+' : inbox.data.unread}
      </span>
    </Link>
  );
}
