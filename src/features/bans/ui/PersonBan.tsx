'use client';
// "House ban" on a person's admin page: their account's ban and their address's (made when they
// came as someone's guest), each with Change and Lift; "Ban" while their account has none.
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { trpc } from '@/trpc/client';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { FeedbackAlert, type Feedback } from '@/ui/feedback/Alert';
import { BanActions, BanButton } from './BanActions';
import { BanFacts } from './BanFacts';
import styles from './bans.module.css';

/** `onChanged` reloads what else the page shows of the person (their history). */
export function PersonBan({ uid, name, onChanged }: { uid: string; name: string; onChanged: () => Promise<unknown> }) {
  const t = useTranslations('AdminBans');
  const id = useId();
  const bans = trpc.bans.ofPerson.useQuery({ uid });
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const report = (next: Feedback) => {
    setFeedback(next);
    void onChanged();
  };

  return (
    <section className="panel" aria-labelledby={`${id}-title`} aria-busy={bans.isPending} data-testid="person-ban">
      <h3 id={`${id}-title`}>{t('heading')}</h3>
      <FeedbackAlert feedback={feedback} />
      {bans.isPending ? (
        <LoadingStatus>{t('loading')}</LoadingStatus>
      ) : bans.isError ? (
        <RetryAlert error={bans.error} onRetry={() => bans.refetch()} />
      ) : (
        <>
          {!bans.data.account && !bans.data.address && <p className="field__hint">{t('none')}</p>}
          {bans.data.account && (
            <div className={styles.ban}>
              <h4>{t('accountBan')}</h4>
              <BanFacts ban={bans.data.account} />
              <BanActions ban={bans.data.account} name={name} onFeedback={report} />
            </div>
          )}
          {bans.data.address && (
            <div className={styles.ban}>
              <h4>{t('addressBan', { email: bans.data.address.email ?? '' })}</h4>
              <BanFacts ban={bans.data.address} />
              <BanActions ban={bans.data.address} name={name} onFeedback={report} />
            </div>
          )}
          {!bans.data.account && <BanButton person={{ kind: 'account', uid }} name={name} onFeedback={report} className="button button--primary" />}
        </>
      )}
    </section>
  );
}
