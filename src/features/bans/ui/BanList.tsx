'use client';
// The house ban list for admins (on /admin/users, below the users' table): every ban, those in
// force first, each with the person (linked to their page where they have an account), whether it
// holds, the reason, the days, who banned, and Change and Lift. A list of cards rather than a second
// table, so the page has one table of people. Ended bans stay listed until the sweep deletes them a
// day after their end.
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { trpc } from '@/trpc/client';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { FeedbackAlert, type Feedback } from '@/ui/feedback/Alert';
import type { BanView } from '../ban-admin';
import { BanActions } from './BanActions';
import { BanFacts } from './BanFacts';
import styles from './bans.module.css';

export function BanList() {
  const t = useTranslations('AdminBans');
  const id = useId();
  const bans = trpc.bans.list.useQuery();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const nameOf = (ban: BanView) => ban.name || ban.email || t('someone');

  return (
    <section className="panel" aria-labelledby={`${id}-heading`} aria-busy={bans.isPending} data-testid="ban-list">
      <h2 id={`${id}-heading`}>{t('listHeading')}</h2>
      <p className="field__hint">{t('listHint')}</p>
      <FeedbackAlert feedback={feedback} />
      {bans.isError && <RetryAlert error={bans.error} onRetry={() => bans.refetch()} />}
      {bans.isPending ? (
        <LoadingStatus>{t('loading')}</LoadingStatus>
      ) : bans.data && bans.data.length === 0 ? (
        <p className="empty-state">{t('listEmpty')}</p>
      ) : bans.data ? (
        <ul className={styles['ban-list']} aria-labelledby={`${id}-heading`}>
          {bans.data.map((ban) => (
            <li key={ban.id} className={styles['ban-list__item']}>
              <h3 className={styles['ban-list__name']}>
                {ban.accountUid ? <Link href={`/admin/users/${encodeURIComponent(ban.accountUid)}`}>{nameOf(ban)}</Link> : nameOf(ban)}
                <span className={styles['ban__detail']}>{ban.subject === 'email' ? t('byAddress', { email: ban.email ?? '' }) : t('byAccount')}</span>
              </h3>
              <BanFacts ban={ban} />
              <BanActions ban={ban} name={nameOf(ban)} onFeedback={setFeedback} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
