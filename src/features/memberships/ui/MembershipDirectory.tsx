'use client';
// /admin/subscriptions: requests waiting first (oldest first), then active memberships ending
// soonest, then the rest; filter, search and page live in the URL. Each membership can be decided
// here: approve, extend, cancel. A decision made on a stale view is refused and the list reloads.
import { useId, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@/i18n/navigation';
import { trpc } from '@/trpc/client';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { FeedbackAlert, type Feedback } from '@/ui/feedback/Alert';
import { useListParams } from '@/ui/list/useListParams';
import { CursorPager } from '@/ui/list/CursorPager';
import { ListSearch } from '@/ui/list/ListSearch';
import { Segmented } from '@/ui/form/Segmented';
import { daysLeft, ENDING_SOON_DAYS } from '../membership-rules';
import type { MembershipView } from '../memberships';
import { MEMBERSHIP_FILTERS } from '../memberships.inputs';
import { MembershipStatusBadge } from './MembershipStatusBadge';
import { DecisionDialog, type Decided, type Decision } from './DecisionDialog';
import styles from './memberships.module.css';

const LIST_CHOICES = { filter: { values: MEMBERSHIP_FILTERS, default: 'all' } } as const;

export function MembershipDirectory() {
  const t = useTranslations('AdminMemberships');
  const tFilters = useTranslations('Memberships.filters');
  const format = useFormatter();
  const list = useListParams(LIST_CHOICES);
  const { filter } = list.chosen;
  const id = useId();
  const utils = trpc.useUtils();
  const memberships = trpc.memberships.list.useQuery({ filter, search: list.search, cursor: list.cursor }, { placeholderData: keepPreviousData });
  const [open, setOpen] = useState<{ decision: Decision; membership: MembershipView } | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  const done = async (text: string) => {
    setOpen(null);
    setFeedback({ kind: 'success', text });
    await Promise.all([utils.memberships.list.invalidate(), utils.memberships.counts.invalidate()]);
  };
  // The dialog shows the refusal; it may come from someone else's change: show the list as it is now.
  const failed = () => utils.memberships.list.invalidate();
  const approve = trpc.memberships.approve.useMutation({ onError: failed });
  const extend = trpc.memberships.extend.useMutation({ onError: failed });
  const cancel = trpc.memberships.cancel.useMutation({ onError: failed });

  const day = (date: Date) => format.dateTime(date, { dateStyle: 'medium', timeZone: 'Europe/Berlin' });
  const nameOf = (membership: MembershipView) => membership.displayName ?? membership.email ?? membership.uid;

  async function decide(decided: Decided) {
    if (!open) return;
    const { membership } = open;
    const name = nameOf(membership);
    if (decided.decision === 'extend') {
      await extend.mutateAsync(decided.input);
      await done(t('extended', { name }));
    } else if (decided.decision === 'cancel') {
      await cancel.mutateAsync(decided.input);
      await done(t(membership.status === 'pending' ? 'declined' : 'cancelled', { name }));
    } else {
      await approve.mutateAsync(decided.input);
      await done(t('approved', { name }));
    }
  }

  return (
    <div className="directory">
      <ListSearch id={id} list={list} label={t('searchLabel')} hint={t('searchHint')} />
      <Segmented wrap label={t('filterLabel')} options={MEMBERSHIP_FILTERS} chosen={filter} onChoose={(option) => list.choose('filter', option)} labelOf={(option) => tFilters(option)} />

      <FeedbackAlert feedback={feedback} />

      {memberships.isError && <RetryAlert error={memberships.error} onRetry={() => memberships.refetch()} />}
      {memberships.isPending && <LoadingStatus>{t('loading')}</LoadingStatus>}
      {memberships.data && (
        <section aria-labelledby={`${id}-results`} aria-busy={memberships.isFetching}>
          <h2 id={`${id}-results`} className="visually-hidden">
            {tFilters(filter)}
          </h2>
          {memberships.data.memberships.length === 0 ? (
            <p className="empty-state">{list.search ? t('noMatches', { search: list.search }) : t('empty')}</p>
          ) : (
            <ul className={styles['membership-rows']}>
              {memberships.data.memberships.map((membership) => {
                const name = nameOf(membership);
                const left = daysLeft(membership, new Date());
                return (
                  <li key={membership.id} className={styles['membership-row']}>
                    <div className={styles['membership-row__body']}>
                      <h3 className={styles['membership-row__name']}>
                        <Link href={`/admin/users/${encodeURIComponent(membership.uid)}`}>{name}</Link>
                      </h3>
                      <p className={styles['membership-row__email']}>{membership.email}</p>
                      <p className={styles['membership-row__meta']}>
                        <MembershipStatusBadge status={membership.status} />
                        {membership.status === 'pending' ? (
                          <span>{t('requestedOn', { date: day(membership.requestedAt) })}</span>
                        ) : membership.validFrom && membership.validUntil ? (
                          <span>{t('validRange', { from: day(membership.validFrom), until: day(new Date(membership.validUntil.getTime() - 1)) })}</span>
                        ) : null}
                        {left !== null && left <= ENDING_SOON_DAYS && <span className={`badge ${styles['badge--warning']}`}>{t('daysLeft', { days: left })}</span>}
                      </p>
                      {membership.note && <p className={styles['membership-row__note']}>{t('note', { note: membership.note })}</p>}
                    </div>
                    <div className={styles['membership-row__actions']}>
                      {membership.status === 'pending' && (
                        <button type="button" className="button button--primary button--small" onClick={() => setOpen({ decision: 'approve', membership })}>
                          {t('approve')}
                          <span className="visually-hidden">: {name}</span>
                        </button>
                      )}
                      {membership.status === 'active' && (
                        <button type="button" className="button button--ghost button--small" onClick={() => setOpen({ decision: 'extend', membership })}>
                          {t('extend')}
                          <span className="visually-hidden">: {name}</span>
                        </button>
                      )}
                      {(membership.status === 'active' || membership.status === 'pending') && (
                        <button type="button" className="button button--ghost button--small" onClick={() => setOpen({ decision: 'cancel', membership })}>
                          {membership.status === 'pending' ? t('decline') : t('cancel')}
                          <span className="visually-hidden">: {name}</span>
                        </button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          <CursorPager label={t('pagerLabel')} list={list} nextCursor={memberships.data.nextCursor} fetching={memberships.isFetching} />
        </section>
      )}

      {open && (
        <DecisionDialog
          key={`${open.decision}-${open.membership.id}`}
          decision={open.decision}
          subject={{ id: open.membership.id, revision: open.membership.revision }}
          name={nameOf(open.membership)}
          currentEnd={open.membership.validUntil}
          currentGuests={open.membership.guestsPerSeason}
          onDecide={decide}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
