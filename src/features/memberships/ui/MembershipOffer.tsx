'use client';
// On the refusal a person without membership meets in the VIP area: ask for a membership, see the
// request waiting (and withdraw it), or read when the last one ended. While a request waits, the
// page asks again now and then, and opens the VIP area as soon as an admin has approved it.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { usePathname } from '@/i18n/navigation';
import { trpc } from '@/trpc/client';
import { apiErrorReason, useApiErrorMessage } from '@/trpc/errors';
import { useForm } from '@/forms/useForm';
import { TextAreaField } from '@/ui/form/TextAreaField';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { Alert } from '@/ui/feedback/Alert';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { NOTE_MAX } from '../membership-rules';
import { RequestInput } from '../memberships.inputs';
import { ConfirmAddress } from './ConfirmAddress';
import styles from './memberships.module.css';

/**
 * How often a waiting request is looked at again: a person asking at the VIP door sees the
 * approval within seconds, whichever server the admin approved it on (the answer is read from the
 * store). One read by id per open page of a person waiting, and none once decided.
 */
const PENDING_POLL_MS = 4_000;

export function MembershipOffer() {
  const pathname = usePathname();
  // Only the VIP area is opened by a membership; other refusals need a staff role.
  if (!pathname.startsWith('/vip')) return null;
  return <Offer />;
}

function Offer() {
  const t = useTranslations('MembershipOffer');
  const format = useFormatter();
  const errorMessage = useApiErrorMessage();
  const router = useRouter();
  const id = useId();
  const utils = trpc.useUtils();
  const [note, setNote] = useState('');
  // The request's note goes the form path; a refusal that names no field is said below it.
  const form = useForm({ fields: ['note'] });
  const [error, setError] = useState<string | null>(null);
  // The server's refusal of an address not yet confirmed: the way on is below the message.
  const [unconfirmed, setUnconfirmed] = useState(false);
  const mine = trpc.memberships.mine.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.pending ? PENDING_POLL_MS : false),
  });
  const request = trpc.memberships.request.useMutation({
    onSuccess: () => {
      setUnconfirmed(false);
      return utils.memberships.mine.invalidate();
    },
    onError: (caught) => {
      setError(form.refuse(caught));
      setUnconfirmed(apiErrorReason(caught) === 'emailNotVerified');
    },
  });
  const withdraw = trpc.memberships.withdraw.useMutation({
    onSuccess: () => utils.memberships.mine.invalidate(),
    onError: (caught) => setError(errorMessage(caught)),
  });
  const approved = Boolean(mine.data?.current);
  useEffect(() => {
    // Approved meanwhile: the server now lets this page through.
    if (approved) router.refresh();
  }, [approved, router]);

  const day = (date: Date) => format.dateTime(date, { dateStyle: 'long', timeZone: 'Europe/Berlin' });

  function ask() {
    setError(null);
    const input = form.check(RequestInput, { note });
    if (input) request.mutate(input);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    ask();
  }

  return (
    <section className={`panel ${styles['membership-offer']}`} aria-labelledby={`${id}-title`} aria-busy={mine.isPending}>
      <h2 id={`${id}-title`}>{t('title')}</h2>
      {mine.isPending ? (
        <div className={styles['membership-offer__skeleton']} role="status">
          <span className="visually-hidden">{t('loading')}</span>
          <span className="skeleton skeleton--field" />
          <span className="skeleton skeleton--button" />
        </div>
      ) : mine.isError ? (
        <RetryAlert error={mine.error} onRetry={() => mine.refetch()} />
      ) : mine.data.pending ? (
        <>
          <p role="status">
            <span className={`badge ${styles['badge--membership-pending']}`}>
              <span aria-hidden="true">◔</span> {t('pendingBadge')}
            </span>{' '}
            {t('pending', { date: day(mine.data.pending.requestedAt) })}
          </p>
          {error && <ErrorLine text={error} />}
          <button type="button" className="button button--ghost" disabled={withdraw.isPending} aria-busy={withdraw.isPending} onClick={() => withdraw.mutate({ id: mine.data.pending!.id })}>
            {withdraw.isPending && <span className="spinner" aria-hidden="true" />}
            {t('withdraw')}
          </button>
        </>
      ) : approved ? (
        <LoadingStatus>{t('opening')}</LoadingStatus>
      ) : (
        <form id={form.id} className={styles['membership-offer__form']} onSubmit={submit} noValidate>
          <p>{t('lead')}</p>
          {mine.data.ended?.validUntil && mine.data.ended.status !== 'cancelled' && <p>{t('ended', { date: day(new Date(mine.data.ended.validUntil.getTime() - 1)) })}</p>}
          <TextAreaField id={`${id}-note`} name="note" label={t('noteLabel')} hint={t('noteHint')} value={note} onChange={form.changing('note', setNote)} maxLength={NOTE_MAX} rows={3} error={form.error('note')} />
          {error && <ErrorLine text={error} />}
          {unconfirmed && (
            <ConfirmAddress onConfirmed={ask} />
          )}
          <button type="submit" className="button button--primary" disabled={request.isPending || unconfirmed} aria-busy={request.isPending}>
            {request.isPending && <span className="spinner" aria-hidden="true" />}
            {t('request')}
          </button>
        </form>
      )}
    </section>
  );
}

function ErrorLine({ text }: { text: string }) {
  return <Alert kind="error">{text}</Alert>;
}
