'use client';
// A person's memberships on their admin page: each with its state, validity and the history of
// every change (who, when, the end it set, the note).
import { useId } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { trpc } from '@/trpc/client';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { MembershipStatusBadge } from './MembershipStatusBadge';

export function UserMemberships({ uid }: { uid: string }) {
  const t = useTranslations('UserMemberships');
  const format = useFormatter();
  const id = useId();
  const memberships = trpc.memberships.ofUser.useQuery({ uid });
  const day = (date: Date) => format.dateTime(date, { dateStyle: 'medium', timeZone: 'Europe/Berlin' });
  const moment = (date: Date) => format.dateTime(date, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });

  return (
    <section className="panel" aria-labelledby={`${id}-title`} aria-busy={memberships.isPending}>
      <h3 id={`${id}-title`}>{t('heading')}</h3>
      {memberships.isPending ? (
        <span className="skeleton skeleton--field" />
      ) : memberships.isError ? (
        <RetryAlert error={memberships.error} onRetry={() => memberships.refetch()} />
      ) : memberships.data.length === 0 ? (
        <p className="field__hint">{t('none')}</p>
      ) : (
        <ul className="membership-history">
          {memberships.data.map((membership) => (
            <li key={membership.id}>
              <p className="membership-row__meta">
                <MembershipStatusBadge status={membership.status} />
                {membership.validFrom && membership.validUntil && (
                  <span>{t('valid', { from: day(membership.validFrom), until: day(new Date(membership.validUntil.getTime() - 1)) })}</span>
                )}
                <Link href={`/admin/subscriptions?q=${encodeURIComponent(membership.email ?? '')}`}>{t('open')}</Link>
              </p>
              <ol className="audit">
                {membership.history.map((entry, index) => (
                  <li key={index}>
                    <time dateTime={entry.at.toISOString()}>{moment(entry.at)}</time>{' '}
                    <span>
                      {t(`history.${entry.action}`, { actor: entry.actorName ?? t('someone') })}
                      {entry.validUntil && ` · ${t('until', { date: day(new Date(entry.validUntil.getTime() - 1)) })}`}
                      {entry.note && ` · ${entry.note}`}
                    </span>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
