'use client';
// A person's memberships on their admin page: each with its state, validity and the history of
// every change (who, when, the end it set, the note); and, while none admits them, "give a
// membership", which approves through the same procedure as the memberships list.
import { useId, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { trpc } from '@/trpc/client';
import { AuditTrail } from '@/ui/AuditTrail';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { FeedbackAlert } from '@/ui/feedback/Alert';
import { isActiveNow } from '../membership-rules';
import { MembershipStatusBadge } from './MembershipStatusBadge';
import { DecisionDialog, type Decided } from './DecisionDialog';
import styles from './memberships.module.css';

export function UserMemberships({ uid, name, onGiven }: { uid: string; name: string; onGiven: () => Promise<unknown> }) {
  const t = useTranslations('UserMemberships');
  const tDecisions = useTranslations('AdminMemberships');
  const format = useFormatter();
  const id = useId();
  const utils = trpc.useUtils();
  const memberships = trpc.memberships.ofUser.useQuery({ uid });
  const [giving, setGiving] = useState(false);
  const [given, setGiven] = useState(false);
  const approve = trpc.memberships.approve.useMutation({
    onSuccess: async () => {
      setGiving(false);
      setGiven(true);
      await Promise.all([utils.memberships.ofUser.invalidate({ uid }), utils.memberships.list.invalidate(), utils.memberships.counts.invalidate(), onGiven()]);
    },
    // The dialog shows the refusal; it may come from a change made meanwhile (a membership approved elsewhere).
    onError: () => utils.memberships.ofUser.invalidate({ uid }),
  });
  const day = (date: Date) => format.dateTime(date, { dateStyle: 'medium', timeZone: 'Europe/Berlin' });
  const moment = (date: Date) => format.dateTime(date, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });
  const memberNow = memberships.data?.some((membership) => isActiveNow(membership, new Date())) ?? true;

  async function give(decided: Decided) {
    if (decided.decision === 'give') await approve.mutateAsync(decided.input);
  }

  return (
    <section className="panel" aria-labelledby={`${id}-title`} aria-busy={memberships.isPending}>
      <h3 id={`${id}-title`}>{t('heading')}</h3>
      <FeedbackAlert feedback={given ? { kind: 'success', text: tDecisions('approved', { name }) } : null} />
      {memberships.isPending ? (
        <LoadingStatus>{tDecisions('loading')}</LoadingStatus>
      ) : memberships.isError ? (
        <RetryAlert error={memberships.error} onRetry={() => memberships.refetch()} />
      ) : memberships.data.length === 0 ? (
        <p className="field__hint">{t('none')}</p>
      ) : (
        <ul className={styles['membership-history']}>
          {memberships.data.map((membership) => (
            <li key={membership.id}>
              <p className={styles['membership-row__meta']}>
                <MembershipStatusBadge status={membership.status} />
                {membership.validFrom && membership.validUntil && (
                  <span>{t('valid', { from: day(membership.validFrom), until: day(new Date(membership.validUntil.getTime() - 1)) })}</span>
                )}
                <Link href={`/admin/subscriptions?q=${encodeURIComponent(membership.email ?? '')}`}>{t('open')}</Link>
              </p>
              <AuditTrail
                entries={membership.history.map((entry, index) => ({
                  key: String(index),
                  at: entry.at,
                  when: moment(entry.at),
                  what: (
                    <>
                      {t(`history.${entry.action}`, { actor: entry.actorName ?? t('someone') })}
                      {entry.validUntil && ` · ${t('until', { date: day(new Date(entry.validUntil.getTime() - 1)) })}`}
                      {entry.note && ` · ${entry.note}`}
                    </>
                  ),
                }))}
              />
            </li>
          ))}
        </ul>
      )}
      {!memberNow && (
        <p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setGiven(false);
              setGiving(true);
            }}
          >
            {t('give')}
          </button>
        </p>
      )}
      {giving && (
        <DecisionDialog decision="give" subject={{ uid }} name={name} currentEnd={null} onDecide={give} onClose={() => setGiving(false)} />
      )}
    </section>
  );
}
