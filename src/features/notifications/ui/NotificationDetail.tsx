'use client';
// /admin/notifications/{id}: the message in both languages, its audience, who sent it and when,
// and its delivery figures as they change, per channel, in total and per language: in the app
// (copies delivered, read), push (sent, failed, subscriptions removed) and e-mail (waiting, sent,
// given up, refused by the address, not sent as the person unsubscribed meanwhile).
import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useLiveFeed } from '@/features/live/client/useLiveFeed';
import { notificationFeed } from '../client/live-feeds';
import { NotificationStatusBadge } from './AdminNotifications';
import { audienceLabel } from './audience-label';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { Alert } from '@/ui/feedback/Alert';
import styles from './notifications.module.css';

/** The figures of each channel, as the table groups them. */
const CHANNELS = [
  ['inApp', ['inApp', 'read']],
  ['push', ['pushSent', 'pushFailed', 'removed']],
] as const;
const MAIL_FIGURES = [
  ['mailQueued', 'queued'],
  ['mailSent', 'sent'],
  ['mailFailed', 'failed'],
  ['mailUndeliverable', 'undeliverable'],
  ['mailSuppressed', 'suppressed'],
] as const;

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
  if (live.status === 'error') return <Alert kind="error">{t('detailFailed')}</Alert>;
  const { notification: n, figures, mail } = live.data;
  const row = (label: string, total: number, en: number, de: number) => (
    <tr key={label}>
      <th scope="row">{label}</th>
      <td>{total}</td>
      <td>{en}</td>
      <td>{de}</td>
    </tr>
  );
  const group = (heading: string) => (
    <tr className={styles['figures-table__group']}>
      <th scope="rowgroup" colSpan={4}>
        {heading}
      </th>
    </tr>
  );
  return (
    <div className={styles['notification-detail']}>
      <p>
        <Link href="/admin/notifications">← {t('backToList')}</Link>
      </p>
      <p className={styles['notification-row__meta']}>
        <NotificationStatusBadge status={n.status} />
        <span>{audienceLabel(t, n.audience)}</span>
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
        <div>
          <dt>{t('emailLegend')}</dt>
          <dd>{t(`emailChannels.${n.email}`)}</dd>
        </div>
        {n.link ? (
          <div>
            <dt>{t('linkLegend')}</dt>
            <dd>
              <Link href={n.link}>{n.link}</Link>
            </dd>
          </div>
        ) : null}
      </dl>
      {n.failure ? <Alert kind="error">{t('failedBecause', { reason: n.failure })}</Alert> : null}
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
          <tbody>{row(t('figures.recipients'), figures.recipients, figures.byLanguage.en.recipients, figures.byLanguage.de.recipients)}</tbody>
          {CHANNELS.map(([channel, keys]) => (
            <tbody key={channel}>
              {group(t(`channels.${channel}`))}
              {keys.map((figure) => row(t(`figures.${figure}`), figures[figure], figures.byLanguage.en[figure], figures.byLanguage.de[figure]))}
            </tbody>
          ))}
          <tbody>
            {group(t('channels.email'))}
            {mail ? (
              MAIL_FIGURES.map(([label, figure]) => row(t(`figures.${label}`), mail.total[figure], mail.byLanguage.en[figure], mail.byLanguage.de[figure]))
            ) : (
              <tr>
                <td colSpan={4} className={styles['figures-table__none']}>
                  {t('mailOff')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </section>
    </div>
  );
}
