'use client';
// The member's guests on /vip (issue 45): for each of the next events, "Bring a guest" (a dialog
// with the guest's name and optional address), the guests already brought with their state and
// arrival ("Kai arrived 22:31"), and cancelling one until the door opens. After a guest is brought
// the dialog shows the ticket's link once, with Share (the device's share sheet) and Copy: the
// secret exists in clear only in this answer.
import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { trpc } from '@/trpc/client';
import { useApiErrorMessage } from '@/trpc/errors';
import { localized, localizedPath, VENUE_TIME_ZONE } from '@/i18n/routing';
import { useForm } from '@/forms/useForm';
import { TextField } from '@/ui/form/TextField';
import { ConfirmButton } from '@/ui/dialog/ConfirmButton';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { Alert } from '@/ui/feedback/Alert';
import { BusyButton } from '@/ui/dialog/BusyButton';
import { useOneAtATime } from '@/ui/dialog/useOneAtATime';
import { ShareIcon } from '@/ui/icons';
import { BringGuestInput, GUEST_EMAIL_MAX, GUEST_NAME_MAX } from '../tickets.inputs';
import type { GuestEvent, MyGuest } from '../guests';
import styles from './tickets.module.css';

type Field = 'name' | 'email';

/** The guest's fields the dialog shows; the event is the page's. */
const GUEST_FIELDS: readonly Field[] = ['name', 'email'];

export function MemberGuests() {
  const t = useTranslations('Guests');
  const locale = useLocale();
  const format = useFormatter();
  const mine = trpc.guests.mine.useQuery();

  if (mine.isError) return <RetryAlert error={mine.error} onRetry={() => void mine.refetch()} />;
  if (!mine.data) return null;
  const { events, season } = mine.data;
  const day = (date: Date) => format.dateTime(date, { weekday: 'short', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit', timeZone: VENUE_TIME_ZONE });

  return (
    <section className={`section ${styles.guests}`} aria-labelledby="guests-title">
      <h2 id="guests-title">{t('heading')}</h2>
      {season && <p>{t('season', { used: season.used, allowed: season.allowed })}</p>}
      {events.length === 0 && <p className="empty-state">{t('none')}</p>}
      {events.map((event) => (
        <div key={event.id} className={`panel ${styles.guests}`}>
          <h3>
            {localized(event.title, locale)} <span className="field__hint">· {day(event.startsAt)}</span>
          </h3>
          <p className="field__hint">{t('perEvent', { count: event.guestsPerMember })}</p>
          {event.guests.length > 0 && (
            <ul className={styles.guests__list}>
              {event.guests.map((guest) => (
                <GuestRow key={guest.ticketId} guest={guest} />
              ))}
            </ul>
          )}
          {/* Mounted while its dialog shows the new ticket's link, even once that guest used up the allowance. */}
          {event.open && <BringGuest event={event} available={event.guests.filter((guest) => guest.state === 'valid').length < event.guestsPerMember} />}
        </div>
      ))}
    </section>
  );
}

const SYMBOL = { valid: '◆', cancelled: '⊘', arrived: '✓' } as const;

function GuestRow({ guest }: { guest: MyGuest }) {
  const t = useTranslations('Guests');
  const format = useFormatter();
  const errorMessage = useApiErrorMessage();
  const utils = trpc.useUtils();
  const [error, setError] = useState<string | null>(null);
  const cancel = trpc.guests.cancel.useMutation({
    onSuccess: () => utils.guests.mine.invalidate(),
    onError: (caught) => setError(errorMessage(caught)),
  });
  const time = guest.arrivedAt ? format.dateTime(guest.arrivedAt, { hour: 'numeric', minute: '2-digit', timeZone: VENUE_TIME_ZONE }) : '';
  const state = guest.arrivedAt
    ? { symbol: SYMBOL.arrived, text: t(guest.inside ? 'states.arrivedInside' : 'states.arrivedLeft', { time }) }
    : { symbol: SYMBOL[guest.state], text: t(`states.${guest.state}`) };

  return (
    <li className={styles.guests__item}>
      <span>
        <strong className={guest.state === 'cancelled' ? styles.ticket__cancelled : undefined}>{guest.name}</strong>{' '}
        <span className="badge">
          <span aria-hidden="true">{state.symbol}</span> {state.text}
        </span>
      </span>
      {guest.cancellable && (
        <ConfirmButton
          className="button button--ghost button--small"
          title={t('cancelTitle', { name: guest.name })}
          text={t('cancelLead')}
          confirmLabel={t('cancelConfirm')}
          cancelLabel={t('keep')}
          onConfirm={() => {
            setError(null);
            return cancel.mutateAsync({ ticketId: guest.ticketId });
          }}
        >
          {t('cancel', { name: guest.name })}
        </ConfirmButton>
      )}
      {error && <Alert kind="error">{error}</Alert>}
    </li>
  );
}

/** "Bring a guest" for one event: the form, then the ticket's link once. */
/**
 * "Bring a guest" and its dialog. `available: false` (the allowance used) hides the button, but a
 * dialog still open keeps showing the link of the guest just brought: it exists only this once.
 */
export function BringGuest({ event, available = true }: { event: Pick<GuestEvent, 'id' | 'title' | 'startsAt'>; available?: boolean }) {
  const t = useTranslations('Guests');
  const locale = useLocale();
  const format = useFormatter();
  const utils = trpc.useUtils();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '' });
  // A banned address is said at its field; a refusal that names none (the allowance used) above the buttons.
  const form = useForm({ fields: GUEST_FIELDS });
  const error = form.message;
  const [created, setCreated] = useState<{ name: string; url: string; mailed: boolean } | null>(null);
  const bring = trpc.guests.bring.useMutation({
    onSuccess: (brought) => {
      setCreated({ name: brought.name, url: new URL(localizedPath(locale, brought.link), window.location.origin).toString(), mailed: brought.mailed });
      void utils.guests.mine.invalidate();
    },
    onError: (caught) => form.refuse(caught),
  });
  // One ticket however often the form is sent.
  const { busy, run } = useOneAtATime();
  const title = localized(event.title, locale);

  function submit(submitted: FormEvent<HTMLFormElement>) {
    submitted.preventDefault();
    const input = form.check(BringGuestInput, { eventId: event.id, name: values.name, email: values.email });
    if (input) void run(() => bring.mutateAsync(input));
  }

  const change = (field: Field) => form.changing(field, (value: string) => setValues((before) => ({ ...before, [field]: value })));

  function openChange(next: boolean) {
    if (busy) return;
    setOpen(next);
    if (!next) {
      // The link is gone with the dialog: for the guest's privacy it is shown once.
      setCreated(null);
      setValues({ name: '', email: '' });
      form.clear();
    }
  }

  if (!available && !open) return null;
  return (
    <Dialog.Root open={open} onOpenChange={openChange}>
      <Dialog.Trigger asChild>
        <button type="button" className="button button--primary">
          {t('bring')}
          <span className="visually-hidden"> ({title})</span>
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay" />
        <Dialog.Content className="dialog" aria-busy={busy}>
          {created ? (
            <CreatedTicket created={created} onClose={() => openChange(false)} />
          ) : (
            <>
              <Dialog.Title className="dialog__title">{t('bringTo', { event: title })}</Dialog.Title>
              <Dialog.Description>{t('dialogLead', { event: title, date: format.dateTime(event.startsAt, { day: 'numeric', month: 'long', timeZone: VENUE_TIME_ZONE }) })}</Dialog.Description>
              <form id={form.id} className={styles.dialog__form} onSubmit={submit} noValidate>
                <TextField
                  id={`${id}-name`}
                  name="name"
                  label={t('name')}
                  hint={t('nameHint')}
                  value={values.name}
                  onChange={change('name')}
                  error={form.error('name')}
                  maxLength={GUEST_NAME_MAX}
                  autoComplete="off"
                  required
                />
                <TextField
                  id={`${id}-email`}
                  name="email"
                  type="email"
                  inputMode="email"
                  label={t('email')}
                  hint={t('emailHint')}
                  value={values.email}
                  onChange={change('email')}
                  error={form.error('email')}
                  maxLength={GUEST_EMAIL_MAX}
                  autoComplete="off"
                />
                {error && <Alert kind="error">{error}</Alert>}
                <div className="dialog__actions">
                  <Dialog.Close className="button button--ghost" disabled={busy}>
                    {t('close')}
                  </Dialog.Close>
                  <BusyButton type="submit" className="button button--primary" busy={busy} busyLabel={t('submitting')}>
                    {t('submit')}
                  </BusyButton>
                </div>
              </form>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CreatedTicket({ created, onClose }: { created: { name: string; url: string; mailed: boolean }; onClose: () => void }) {
  const t = useTranslations('Guests');
  const [outcome, setOutcome] = useState<'copied' | 'shared' | 'failed' | null>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function share() {
    setOutcome(null);
    try {
      await navigator.share({ title: t('created', { name: created.name }), url: created.url });
      setOutcome('shared');
    } catch (error) {
      // The person closed the share sheet: nothing went wrong.
      if (!(error instanceof DOMException && error.name === 'AbortError')) setOutcome('failed');
    }
  }

  async function copy() {
    setOutcome(null);
    try {
      await navigator.clipboard.writeText(created.url);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  }

  return (
    <>
      <Dialog.Title className="dialog__title">{t('created', { name: created.name })}</Dialog.Title>
      <Dialog.Description>{t('createdLead', { name: created.name })}</Dialog.Description>
      {created.mailed && <p>{t('mailed')}</p>}
      <p className={styles.guests__link}>
        {/* The name says whose link it is and keeps the words shown (the address), as WCAG 2.5.3 asks. */}
        <a href={created.url} aria-label={`${t('linkLabel', { name: created.name })}: ${created.url}`}>
          {created.url}
        </a>
      </p>
      <div className="button-row">
        {canShare && (
          <button type="button" className="button button--primary" onClick={() => void share()}>
            <ShareIcon className="button__icon" />
            {t('share')}
          </button>
        )}
        <button type="button" className={canShare ? 'button button--ghost' : 'button button--primary'} onClick={() => void copy()}>
          {t('copy')}
        </button>
      </div>
      <p role="status">{outcome === 'copied' ? t('copied') : outcome === 'shared' ? t('shared') : outcome === 'failed' ? t('copyFailed') : ''}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </>
  );
}
