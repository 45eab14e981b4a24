'use client';
// "Guests & tickets" of one event, for admins (/admin/events?tickets=<id>): the totals, a guest-list
// entry to add (its link shown once), every ticket a page at a time with its admission, a cancel
// that asks first and a house ban of the holder's address, and the public tickets' waitlist.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { trpc } from '@/trpc/client';
import { useApiErrorMessage } from '@/trpc/errors';
import { LOCALES, localized } from '@/i18n/routing';
import { numberOf } from '@/forms/form-messages';
import { useForm } from '@/forms/useForm';
import { TextField } from '@/ui/form/TextField';
import { SelectField } from '@/ui/form/SelectField';
import { ConfirmDialog } from '@/ui/dialog/ConfirmDialog';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { FeedbackAlert, type Feedback } from '@/ui/feedback/Alert';
import { BackLink } from '@/ui/page/BackLink';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { TableScroll } from '@/ui/list/TableScroll';
import { PARTY_MAX, TICKET_KINDS, type TicketKind } from '@/features/door/constants';
import { GuestListEntryInput, HOLDER_EMAIL_MAX, HOLDER_NAME_MAX } from '../tickets.inputs';
import type { TicketRow } from '../ticket-admin';
import tables from '@/ui/list/DataTable.module.css';
import styles from './AdminTickets.module.css';

/** The guest-list entry's fields the form shows; the event is the page's. */
const GUEST_LIST_FIELDS = ['name', 'email', 'party'];
/** What else an admin may do about a ticket's holder with an address (ban it): composed in src/app/, as it is another feature's. */
export type HolderActions = (holder: { name: string; email: string }, onFeedback: (feedback: Feedback) => void) => ReactNode;

export function AdminTickets({ eventId, holderActions }: { eventId: string; holderActions?: HolderActions }) {
  const t = useTranslations('AdminTickets');
  const locale = useLocale();
  const event = trpc.events.get.useQuery({ id: eventId });
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const title = event.data ? localized(event.data.title, locale) : '';

  return (
    <div className={styles['admin-tickets']}>
      <BackLink href={`/admin/events?edit=${encodeURIComponent(eventId)}`}>{t('back')}</BackLink>
      {event.isError && <RetryAlert error={event.error} onRetry={() => event.refetch()} />}
      {title && <h2>{t('heading', { event: title })}</h2>}
      <FeedbackAlert feedback={feedback} />
      <GuestListForm eventId={eventId} onFeedback={setFeedback} />
      <TicketList eventId={eventId} onFeedback={setFeedback} holderActions={holderActions} />
      <Waitlist eventId={eventId} />
    </div>
  );
}

function GuestListForm({ eventId, onFeedback }: { eventId: string; onFeedback: (feedback: Feedback | null) => void }) {
  const t = useTranslations('AdminTickets');
  const locale = useLocale();
  const id = useId();
  const utils = trpc.useUtils();
  const [values, setValues] = useState({ name: '', email: '', party: '0', locale });
  const form = useForm({ fields: GUEST_LIST_FIELDS });
  const [added, setAdded] = useState<{ name: string; url: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const add = trpc.ticketAdmin.addGuestListEntry.useMutation();

  async function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const input = form.check(GuestListEntryInput, { eventId, name: values.name, email: values.email, party: numberOf(values.party), locale: values.locale });
    if (!input) return;
    try {
      const { link } = await add.mutateAsync(input);
      setAdded({ name: input.name.trim(), url: new URL(`${values.locale === 'en' ? '' : `/${values.locale}`}${link}`, window.location.origin).toString() });
      setCopied(false);
      setValues({ name: '', email: '', party: '0', locale });
      onFeedback({ kind: 'success', text: t('added', { name: input.name.trim() }) });
      await utils.ticketAdmin.list.invalidate({ eventId });
    } catch (caught) {
      // A banned address is said at its field; a full event (no field) where the screen reports.
      const said = form.refuse(caught);
      onFeedback(said ? { kind: 'error', text: said } : null);
    }
  }

  return (
    <form id={form.id} className={`panel ${styles['admin-tickets__form']}`} noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('addHeading')}</h3>
      <div className={styles['admin-tickets__fields']}>
        <TextField id={`${id}-name`} name="name" label={t('name')} value={values.name} onChange={form.changing('name', (name: string) => setValues({ ...values, name }))} maxLength={HOLDER_NAME_MAX} required error={form.error('name')} />
        <TextField id={`${id}-email`} name="email" type="email" inputMode="email" autoComplete="off" label={t('email')} hint={t('emailHint')} value={values.email} onChange={form.changing('email', (email: string) => setValues({ ...values, email }))} maxLength={HOLDER_EMAIL_MAX} error={form.error('email')} />
        <TextField id={`${id}-party`} name="party" type="number" inputMode="numeric" min={0} max={PARTY_MAX} step={1} label={t('partyField')} hint={t('partyHint', { max: PARTY_MAX })} value={values.party} onChange={form.changing('party', (party: string) => setValues({ ...values, party }))} required error={form.error('party')} />
        <SelectField id={`${id}-locale`} label={t('language')} value={values.locale} options={LOCALES.map((value) => ({ value, label: t(`languages.${value}`) }))} onChange={(value) => setValues({ ...values, locale: value })} />
      </div>
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={add.isPending} aria-busy={add.isPending}>
          {t('add')}
        </button>
      </div>
      {added && (
        <div className={styles['admin-tickets__link']}>
          <p>{t('addedLink')}</p>
          <code>{added.url}</code>
          <div className="button-row">
            <button
              type="button"
              className="button button--ghost"
              onClick={() =>
                navigator.clipboard.writeText(added.url).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              {t('copy')}
            </button>
            <span role="status">{copied ? t('copied') : ''}</span>
          </div>
        </div>
      )}
    </form>
  );
}

function TicketList({ eventId, onFeedback, holderActions }: { eventId: string; onFeedback: (feedback: Feedback | null) => void; holderActions?: HolderActions }) {
  const t = useTranslations('AdminTickets');
  const format = useFormatter();
  const errorMessage = useApiErrorMessage();
  const id = useId();
  const utils = trpc.useUtils();
  const [kind, setKind] = useState<TicketKind | 'all'>('all');
  const [cancelling, setCancelling] = useState<TicketRow | null>(null);
  const list = trpc.ticketAdmin.list.useInfiniteQuery({ eventId, kind: kind === 'all' ? null : kind }, { getNextPageParam: (page) => page.nextCursor });
  const cancel = trpc.ticketAdmin.cancel.useMutation();
  const rows = list.data?.pages.flatMap((page) => page.tickets) ?? [];
  const totals = list.data?.pages[0]?.totals;
  const time = (date: Date) => format.dateTime(date, { hour: 'numeric', minute: '2-digit' });

  /** The dialog stays busy until the ticket is cancelled and the lists say so; then it closes. */
  async function confirmCancel(ticket: TicketRow) {
    try {
      await cancel.mutateAsync({ ticketId: ticket.id });
      onFeedback({ kind: 'success', text: t('cancelled', { name: ticket.holder.name }) });
    } catch (caught) {
      onFeedback({ kind: 'error', text: errorMessage(caught) });
    }
    await Promise.all([utils.ticketAdmin.list.invalidate({ eventId }), utils.ticketAdmin.waitlist.invalidate({ eventId })]);
  }

  return (
    <section aria-labelledby={`${id}-heading`} className={styles['admin-tickets__section']}>
      <h3 id={`${id}-heading`}>{t('listHeading')}</h3>
      {totals && (
        <p>
          <strong>{t('totals')}:</strong> {t('totalsLine', { guest: totals.guest.tickets, guestList: totals.guestList.tickets, public: totals.public.tickets, cancelled: totals.cancelled })}
        </p>
      )}
      <SelectField
        id={`${id}-kind`}
        label={t('filter')}
        value={kind}
        options={[{ value: 'all' as const, label: t('allKinds') }, ...TICKET_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))]}
        onChange={setKind}
      />
      {list.isError && <RetryAlert error={list.error} onRetry={() => list.refetch()} />}
      {list.isPending ? (
        <LoadingStatus>{t('loading')}</LoadingStatus>
      ) : rows.length === 0 ? (
        <p className="empty-state" role="status">
          {t('empty')}
        </p>
      ) : (
        <TableScroll labelledBy={`${id}-heading`} busy={list.isFetching}>
          <table className={`${tables['data-table']} ${tables['data-table--cards']}`} role="table">
            <thead>
              <tr>
                <th scope="col">{t('columns.holder')}</th>
                <th scope="col">{t('columns.kind')}</th>
                <th scope="col">{t('columns.sponsor')}</th>
                <th scope="col">{t('columns.party')}</th>
                <th scope="col">{t('columns.state')}</th>
                <th scope="col">{t('columns.admission')}</th>
                <th scope="col">{t('columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((ticket) => (
                <tr key={ticket.id} role="row">
                  <th scope="row" role="rowheader">
                    {ticket.holder.name}
                    {/* A public ticket's holder is named by the address when the account has no name: said once. */}
                    {ticket.holder.email !== ticket.holder.name && <span className={styles['admin-tickets__detail']}>{ticket.holder.email ?? t('noEmail')}</span>}
                  </th>
                  <td role="cell" data-label={t('columns.kind')}>
                    {t(`kinds.${ticket.kind}`)}
                  </td>
                  <td role="cell" data-label={t('columns.sponsor')}>
                    {/* A public ticket was taken, not brought: nobody sponsors it. */}
                    {ticket.kind === 'public' ? '–' : (ticket.sponsorName ?? '–')}
                  </td>
                  <td role="cell" data-label={t('columns.party')}>
                    {ticket.party === 0 ? '1' : `1 + ${ticket.party}`}
                  </td>
                  <td role="cell" data-label={t('columns.state')}>
                    <span className={ticket.state === 'cancelled' ? styles['state--cancelled'] : undefined}>
                      {ticket.state === 'cancelled' ? '✕ ' : '✓ '}
                      {t(`states.${ticket.state}`)}
                    </span>
                    {ticket.state === 'cancelled' && ticket.cancelledBy && <span className={styles['admin-tickets__detail']}>{t(`cancelledBy.${ticket.cancelledBy}`)}</span>}
                  </td>
                  <td role="cell" data-label={t('columns.admission')}>
                    {ticket.admission?.at ? `${time(ticket.admission.at)} · ${ticket.admission.door ?? ''} (${ticket.admission.inside ? t('inside') : t('out')})` : t('notYet')}
                  </td>
                  <td role="cell" data-label={t('columns.actions')}>
                    <div className="button-row">
                      {ticket.state === 'valid' && (
                        <button type="button" className="button button--ghost button--danger" aria-label={t('cancelLabel', { name: ticket.holder.name })} disabled={cancel.isPending} onClick={() => setCancelling(ticket)}>
                          {t('cancel')}
                        </button>
                      )}
                      {ticket.holder.email && holderActions?.({ name: ticket.holder.name, email: ticket.holder.email }, onFeedback)}
                      {ticket.state !== 'valid' && !(ticket.holder.email && holderActions) && '–'}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {list.hasNextPage && (
        <div className="button-row">
          <button type="button" className="button button--ghost" disabled={list.isFetchingNextPage} aria-busy={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
            {t('more')}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) setCancelling(null);
        }}
        title={t('cancelTitle', { name: cancelling?.holder.name ?? '' })}
        text={t('cancelText', { mailed: cancelling?.holder.email ? 'yes' : 'no' })}
        confirmLabel={t('cancelConfirm')}
        cancelLabel={t('keep')}
        onConfirm={() => (cancelling ? confirmCancel(cancelling) : undefined)}
      />
    </section>
  );
}

function Waitlist({ eventId }: { eventId: string }) {
  const t = useTranslations('AdminTickets');
  const format = useFormatter();
  const id = useId();
  const waitlist = trpc.ticketAdmin.waitlist.useQuery({ eventId });
  const when = (date: Date) => format.dateTime(date, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

  return (
    <section aria-labelledby={`${id}-heading`} className={styles['admin-tickets__section']}>
      <h3 id={`${id}-heading`}>{t('waitlistHeading')}</h3>
      {waitlist.isError && <RetryAlert error={waitlist.error} onRetry={() => waitlist.refetch()} />}
      {waitlist.isPending ? (
        <LoadingStatus>{t('waitlistLoading')}</LoadingStatus>
      ) : waitlist.data && waitlist.data.length === 0 ? (
        <p className="empty-state">{t('waitlistEmpty')}</p>
      ) : waitlist.data ? (
        <TableScroll labelledBy={`${id}-heading`}>
          <table className={`${tables['data-table']} ${tables['data-table--cards']}`} role="table">
            <thead>
              <tr>
                <th scope="col">{t('waitlistColumns.who')}</th>
                <th scope="col">{t('waitlistColumns.position')}</th>
                <th scope="col">{t('waitlistColumns.since')}</th>
                <th scope="col">{t('waitlistColumns.offer')}</th>
              </tr>
            </thead>
            <tbody>
              {waitlist.data.map((entry) => (
                <tr key={entry.uid} role="row">
                  <th scope="row" role="rowheader">
                    {entry.name}
                    {entry.email !== entry.name && <span className={styles['admin-tickets__detail']}>{entry.email ?? t('noEmail')}</span>}
                  </th>
                  <td role="cell" data-label={t('waitlistColumns.position')}>
                    {entry.position ?? '–'}
                  </td>
                  <td role="cell" data-label={t('waitlistColumns.since')}>
                    {when(entry.joinedAt)}
                  </td>
                  <td role="cell" data-label={t('waitlistColumns.offer')}>
                    {entry.offerUntil ? t('offeredUntil', { until: when(entry.offerUntil) }) : t('waitingState')}
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
