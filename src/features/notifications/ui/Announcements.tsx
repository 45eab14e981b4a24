'use client';
// The lounge's announcements: the latest notifications sent to members, in the page's language.
import { useId } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { Announcement } from '../notifications';
import styles from './notifications.module.css';

export function Announcements({ announcements }: { announcements: Announcement[] }) {
  const t = useTranslations('Inbox');
  const format = useFormatter();
  const id = useId();
  return (
    <section className="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('announcements')}</h2>
      {announcements.length === 0 ? (
        <p className="empty-state">{t('noAnnouncements')}</p>
      ) : (
        <ul className={styles.inbox__list}>
          {announcements.map((entry) => (
            <li key={entry.id} className={styles['inbox-entry']}>
              <p className={styles['inbox-entry__meta']}>
                <time dateTime={entry.at.toISOString()}>{format.dateTime(entry.at, { dateStyle: 'medium', timeZone: 'Europe/Berlin' })}</time>
              </p>
              <p className={styles['inbox-entry__title']}>{entry.title}</p>
              <p className={styles['inbox-entry__body']}>{entry.body}</p>
              {entry.link ? <Link href={entry.link}>{t('open')}</Link> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
