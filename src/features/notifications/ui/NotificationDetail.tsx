'use client';
// /admin/notifications/{id}: the message in both languages, its audience, who sent it and when,
// and its delivery figures as they change (recipients, in-app copies, reads, pushes sent and
// failed, subscriptions removed), in total and per language.
import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useLiveFeed } from '@/features/live/client/useLiveFeed';
import { notificationFeed } from '../client/live-feeds';
import { NotificationStatusBadge } from './AdminNotifications';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import styles from './notifications.module.css';

const FIGURES = ['recipients', 'inApp', 'read', 'pushSent', 'pushFailed', 'removed'] as const;

export function NotificationDetail({ id }: { id: string }) {
  const t = useTranslations('AdminNotifications');
  const format = useFormatter();
  const live = useLiveFeed(notificationFeed, { id });
  const when = (date: Date) => format.dateTime(date, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });
  if (live.status === 'loading') {
    return (
      <LoadingStatus>{t('loading')}</LoadingStatus>
    );
  }
  if (live.status === 'error') return <p className="alert alert--error" role="alert">{t('detailFailed')}</p>;
  const { notification: n, figures } = live.data;
  return (
    <div className={styles['notification-detail']}>
      <p>
        <Link href="/admin/notifications">← {t('backToList')}</Link>
      </p>
      <p className={styles['notification-row__meta']}>
        <NotificationStatusBadge status={n.status} />
        <span>{n.audience.kind === 'role' ? t('audienceRole', { role: t(`roles.${n.audience.role}`) }) : n.audience.kind === 'people' ? t('audiencePeople', { count: n.audience.uids.length }) : t(`audiences.${n.audience.kind}`)}</span>
      </p>
      <dl className={styles['notification-detail__facts']}>
        {n.sentBy ? (
          <div>
            <dt>{t('sentByLabel')}</dt>
            <dd>{n.sentBy.name ?? n.sentBy.uid}</dd>
          </div>
        ) : null}
        {n.scheduledAt ? (
          <div>
            <dt>{t('scheduledLabel')}</dt>
            <dd>{when(n.scheduledAt)}</dd>
          </div>
        ) : null}
        {n.startedAt ? (
          <div>
            <dt>{t('startedLabel')}</dt>
            <dd>{when(n.startedAt)}</dd>
          </div>
        ) : null}
        {n.sentAt ? (
          <div>
            <dt>{t('sentLabel')}</dt>
            <dd>{when(n.sentAt)}</dd>
          </div>
        ) : null}
        {n.link ? (
          <div>
            <dt>{t('linkLegend')}</dt>
            <dd>
              <Link href={n.link}>{n.link}</Link>
            </dd>
          </div>
        ) : null}
      </dl>
      {n.failure ? <p className="alert alert--error" role="alert">{t('failedBecause', { reason: n.failure })}</p> : null}
      <div className={styles.composer__languages}>
        {(['en', 'de'] as const).map((language) => (
          <section key={language} className="panel" lang={language} aria-label={t(`languages.${language}`)}>
            <h2 className="notification-detail__language">{t(`languages.${language}`)}</h2>
            <p className={styles['inbox-entry__title']}>{n.title[language]}</p>
            <p className={styles['inbox-entry__body']}>{n.body[language]}</p>
          </section>
        ))}
      </div>
      <section className="panel" aria-labelledby="delivery-figures" aria-live="polite">
        <h2 id="delivery-figures">{t('figuresHeading')}</h2>
        <table className={styles['figures-table']}>
          <thead>
            <tr>
              <th scope="col">{t('figureColumn')}</th>
              <th scope="col">{t('total')}</th>
              <th scope="col">{t('languages.en')}</th>
              <th scope="col">{t('languages.de')}</th>
            </tr>
          </thead>
          <tbody>
            {FIGURES.map((figure) => (
              <tr key={figure}>
                <th scope="row">{t(`figures.${figure}`)}</th>
                <td>{figures[figure]}</td>
                <td>{figures.byLanguage.en[figure]}</td>
                <td>{figures.byLanguage.de[figure]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
