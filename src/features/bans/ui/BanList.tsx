'use client';
// The house ban list for admins (on /admin/users): every ban, those in force first, each with the
// person (linked to their page where they have an account), the reason, the days, who banned, and
// Change and Lift. Ended bans stay listed until the sweep deletes them a day after their end.
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { trpc } from '@/trpc/client';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { TableScroll } from '@/ui/list/TableScroll';
import type { BanView } from '../ban-admin';
import { BanActions, type BanFeedback } from './BanActions';
import { BanStateText, useBanDays } from './BanFacts';
import tables from '@/ui/list/DataTable.module.css';
import styles from './bans.module.css';

export function BanList() {
  const t = useTranslations('AdminBans');
  const id = useId();
  const days = useBanDays();
  const bans = trpc.bans.list.useQuery();
  const [feedback, setFeedback] = useState<BanFeedback | null>(null);
  const nameOf = (ban: BanView) => ban.name || ban.email || t('someone');

  return (
    <section className="panel" aria-labelledby={`${id}-heading`} data-testid="ban-list">
      <h2 id={`${id}-heading`}>{t('listHeading')}</h2>
      <p className="field__hint">{t('listHint')}</p>
      <div role="status" aria-live="polite">
        {feedback && (
          <div className={`alert alert--${feedback.kind}`}>
            <span className="alert__label" aria-hidden="true">{feedback.kind === 'error' ? '!' : '✓'}</span>
            {feedback.text}
          </div>
        )}
      </div>
      {bans.isError && <RetryAlert error={bans.error} onRetry={() => bans.refetch()} />}
      {bans.isPending ? (
        <LoadingStatus />
      ) : bans.data && bans.data.length === 0 ? (
        <p className="empty-state">{t('listEmpty')}</p>
      ) : bans.data ? (
        <TableScroll labelledBy={`${id}-heading`}>
          <table className={`${tables['data-table']} ${tables['data-table--cards']}`} role="table">
            <caption className="visually-hidden">{t('tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.person')}</th>
                <th scope="col">{t('columns.state')}</th>
                <th scope="col">{t('columns.reason')}</th>
                <th scope="col">{t('columns.days')}</th>
                <th scope="col">{t('columns.by')}</th>
                <th scope="col">{t('columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {bans.data.map((ban) => (
                <tr key={ban.id} role="row">
                  <th scope="row" role="rowheader">
                    {ban.accountUid ? <Link href={`/admin/users/${encodeURIComponent(ban.accountUid)}`}>{nameOf(ban)}</Link> : nameOf(ban)}
                    <span className={styles['ban__detail']}>{ban.subject === 'email' ? t('byAddress', { email: ban.email ?? '' }) : t('byAccount')}</span>
                  </th>
                  <td role="cell" data-label={t('columns.state')}>
                    <BanStateText state={ban.state} />
                  </td>
                  <td role="cell" data-label={t('columns.reason')} className={styles['ban__reason']}>
                    {ban.reason}
                  </td>
                  <td role="cell" data-label={t('columns.days')}>
                    {ban.until ? t('daysRange', { from: days.first(ban), until: days.last(ban) ?? '' }) : t('daysOpen', { from: days.first(ban) })}
                  </td>
                  <td role="cell" data-label={t('columns.by')}>
                    {ban.createdByName ?? t('someone')}
                  </td>
                  <td role="cell" data-label={t('columns.actions')}>
                    <BanActions ban={ban} name={nameOf(ban)} onFeedback={setFeedback} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </section>
  );
}
