'use client';
// The event editor's page: loading, the saved-and-status notices, the status panel and the form's markup.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { LOCALES, localized, localizedPath, type Locale } from '@/i18n/routing';
import { TextField } from '@/ui/form/TextField';
import { TextAreaField } from '@/ui/form/TextAreaField';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { BackLink } from '@/ui/page/BackLink';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { Alert, FeedbackAlert } from '@/ui/feedback/Alert';
import type { EventSummary } from '../events';
import { BAR_MENU_MAX, CAPACITY_MAX, DRINK_ALLOWANCE_MAX, GUESTS_PER_MEMBER_MAX, PUBLIC_TICKETS_MAX, SUMMARY_MAX, TITLE_MAX, VENUE_ADDRESS_MAX, VENUE_NAME_MAX } from '../events.inputs';
import { RICH_TEXT_MAX } from '../rich-text';
import { SLUG_MAX } from '../slug';
import { EventStatusBadge } from './EventStatusBadge';
import { EventCoverImage } from './EventCoverImage';
import { CoverPicker } from './CoverPicker';
import { EventStatusPanel } from './EventStatusPanel';
import { RichText } from './RichText';
import { eventFormKey, useEditedEvent, useEventForm } from './useEventForm';
import styles from './EventEditor.module.css';

/** An event's figures at the door: the door's own panel, which the page puts in. */
type DoorFigures = (eventId: string) => ReactNode;

export function EventEditor({ eventId, doorFigures }: { eventId: string | null; doorFigures: DoorFigures }) {
  const existing = useEditedEvent(eventId);
  const t = useTranslations('AdminEvents');
  // Kept here, outside the form: saving reloads the event, which remounts the form with the saved
  // values, and the status region must stay mounted for screen readers to announce it. It also
  // takes the focus, since the control that was used may be gone after the remount.
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const status = <FeedbackAlert ref={noticeRef} tabIndex={-1} feedback={notice ? { kind: 'success', text: notice } : null} />;
  if (eventId === null)
    return (
      <>
        {status}
        <EventForm key={eventFormKey(null)} event={null} setNotice={setNotice} doorFigures={doorFigures} />
      </>
    );
  if (existing.isPending)
    return (
      <LoadingStatus>{t('loadingEvent')}</LoadingStatus>
    );
  if (existing.isError) return <LoadFailure error={existing.error} retry={() => existing.refetch()} />;
  return (
    <>
      {status}
      <EventForm key={eventFormKey(existing.data)} event={existing.data} setNotice={setNotice} doorFigures={doorFigures} />
    </>
  );
}

function LoadFailure({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations('AdminEvents');
  return (
    <RetryAlert error={error} onRetry={retry}>
      {' '}
      <Link href="/admin/events">{t('backToList')}</Link>
    </RetryAlert>
  );
}

function EventForm({ event, setNotice, doorFigures }: { event: EventSummary | null; setNotice: (notice: string | null) => void; doorFigures: DoorFigures }) {
  const t = useTranslations('AdminEvents');
  const locale = useLocale();
  const id = useId();
  const { values, errors, formId, formError, setFormError, dirty, saving, set, setText, setStart, submit, slugPreview } = useEventForm(event, setNotice);
  const languageName = (language: Locale) => t(`languages.${language}`);
  const heading = event ? localized(event.title, locale) : t('newHeading');

  return (
    <div className={styles['event-editor']}>
      <BackLink href="/admin/events">{t('backToList')}</BackLink>
      <div className={styles['event-editor__head']}>
        <h2>{heading}</h2>
        {event && <EventStatusBadge status={event.status} />}
      </div>

      {event && <EventStatusPanel event={event} heading={heading} dirty={dirty} onNotice={setNotice} onError={setFormError} />}
      {event && event.status !== 'draft' && doorFigures(event.id)}
      {event && (
        <p>
          <Link className="button button--ghost" href={`/admin/events?tickets=${encodeURIComponent(event.id)}`}>
            {t('ticketsLink')}
          </Link>
        </p>
      )}

      <form id={formId} className={styles['event-form']} noValidate onSubmit={submit} aria-describedby={formError ? `${id}-form-error` : undefined}>
        <div className={styles['event-form__languages']}>
          {LOCALES.map((language) => (
            <fieldset key={language} className={`panel ${styles['event-form__group']}`} lang={language}>
              <legend>{languageName(language)}</legend>
              <TextField
                id={`${id}-title-${language}`}
                name={`title.${language}`}
                label={t('fields.title', { language: languageName(language) })}
                value={values.title[language]}
                onChange={(value) => setText('title', language, value)}
                maxLength={TITLE_MAX}
                required
                error={errors[`title.${language}`]}
              />
              <TextAreaField
                id={`${id}-summary-${language}`}
                name={`summary.${language}`}
                label={t('fields.summary', { language: languageName(language) })}
                value={values.summary[language]}
                onChange={(value) => setText('summary', language, value)}
                rows={2}
                maxLength={SUMMARY_MAX}
                required
                hint={t('hints.summary', { max: SUMMARY_MAX })}
                error={errors[`summary.${language}`]}
              />
              <TextAreaField
                id={`${id}-description-${language}`}
                name={`description.${language}`}
                label={t('fields.description', { language: languageName(language) })}
                value={values.description[language]}
                onChange={(value) => setText('description', language, value)}
                rows={8}
                maxLength={RICH_TEXT_MAX}
                hint={t('hints.description')}
                error={errors[`description.${language}`]}
              />
              <details className={styles['event-form__preview']}>
                <summary>{t('preview')}</summary>
                {values.description[language].trim() ? (
                  <RichText source={values.description[language]} className="prose" />
                ) : (
                  <p className="field__hint">{t('previewEmpty')}</p>
                )}
              </details>
              <TextAreaField
                id={`${id}-bar-menu-${language}`}
                name={`barMenu.${language}`}
                label={t('fields.barMenu', { language: languageName(language) })}
                value={values.barMenu[language]}
                onChange={(value) => setText('barMenu', language, value)}
                rows={4}
                maxLength={BAR_MENU_MAX}
                hint={t('hints.barMenu')}
                error={errors[`barMenu.${language}`]}
              />
            </fieldset>
          ))}
        </div>

        <fieldset className={`panel ${styles['event-form__group']}`}>
          <legend>{t('groups.when')}</legend>
          <p className="field__hint">{t('hints.timeZone')}</p>
          <div className={styles['event-form__row']}>
            <TextField id={`${id}-starts`} name="startsAt" type="datetime-local" label={t('fields.startsAt')} value={values.startsAt} onChange={setStart} required error={errors.startsAt} />
            <TextField id={`${id}-doors`} name="doorsAt" type="datetime-local" label={t('fields.doorsAt')} value={values.doorsAt} onChange={(value) => set('doorsAt', value)} required error={errors.doorsAt} />
            <TextField id={`${id}-ends`} name="endsAt" type="datetime-local" label={t('fields.endsAt')} value={values.endsAt} onChange={(value) => set('endsAt', value)} required error={errors.endsAt} />
          </div>
        </fieldset>

        <fieldset className={`panel ${styles['event-form__group']}`}>
          <legend>{t('groups.where')}</legend>
          <div className={styles['event-form__row']}>
            <TextField id={`${id}-venue`} name="venue.name" label={t('fields.venueName')} value={values.venueName} onChange={(value) => set('venueName', value)} maxLength={VENUE_NAME_MAX} required error={errors['venue.name']} />
            <TextField
              id={`${id}-address`}
              name="venue.address"
              label={t('fields.venueAddress')}
              value={values.venueAddress}
              onChange={(value) => set('venueAddress', value)}
              maxLength={VENUE_ADDRESS_MAX}
              required
              hint={t('hints.address')}
              error={errors['venue.address']}
            />
          </div>
          <div className={styles['event-form__row']}>
            <TextField
              id={`${id}-capacity`}
              name="capacity"
              type="number"
              inputMode="numeric"
              min={1}
              max={CAPACITY_MAX}
              step={1}
              label={t('fields.capacity')}
              value={values.capacity}
              onChange={(value) => set('capacity', value)}
              required
              error={errors.capacity}
            />
            <TextField
              id={`${id}-drinks`}
              name="drinkAllowance"
              type="number"
              inputMode="numeric"
              min={0}
              max={DRINK_ALLOWANCE_MAX}
              step={1}
              label={t('fields.drinkAllowance')}
              value={values.drinkAllowance}
              onChange={(value) => set('drinkAllowance', value)}
              required
              hint={t('hints.drinkAllowance', { max: DRINK_ALLOWANCE_MAX })}
              error={errors.drinkAllowance}
            />
          </div>
          <div className={styles['event-form__row']}>
            <TextField
              id={`${id}-guests`}
              name="guestsPerMember"
              type="number"
              inputMode="numeric"
              min={0}
              max={GUESTS_PER_MEMBER_MAX}
              step={1}
              label={t('fields.guestsPerMember')}
              value={values.guestsPerMember}
              onChange={(value) => set('guestsPerMember', value)}
              required
              hint={t('hints.guestsPerMember', { max: GUESTS_PER_MEMBER_MAX })}
              error={errors.guestsPerMember}
            />
            <TextField
              id={`${id}-guest-drinks`}
              name="guestDrinks"
              type="number"
              inputMode="numeric"
              min={0}
              max={DRINK_ALLOWANCE_MAX}
              step={1}
              label={t('fields.guestDrinks')}
              value={values.guestDrinks}
              onChange={(value) => set('guestDrinks', value)}
              required
              hint={t('hints.guestDrinks')}
              error={errors.guestDrinks}
            />
            <TextField
              id={`${id}-public-tickets`}
              name="publicTickets"
              type="number"
              inputMode="numeric"
              min={0}
              max={PUBLIC_TICKETS_MAX}
              step={1}
              label={t('fields.publicTickets')}
              value={values.publicTickets}
              onChange={(value) => set('publicTickets', value)}
              required
              hint={t('hints.publicTickets', { max: PUBLIC_TICKETS_MAX })}
              error={errors.publicTickets}
            />
          </div>
        </fieldset>

        <fieldset className={`panel ${styles['event-form__group']}`} aria-describedby={errors.coverImageId ? `${id}-cover-error` : undefined}>
          <legend>{t('groups.cover')}</legend>
          {values.cover ? (
            <div className={styles['event-form__cover']}>
              <EventCoverImage cover={values.cover} sizes="(min-width: 48rem) 24rem, 100vw" />
            </div>
          ) : (
            <p className="empty-state">{t('cover.none')}</p>
          )}
          <div className="button-row">
            <CoverPicker onPick={(cover) => set('cover', cover)} altHint={{ en: values.title.en, de: values.title.de }} />
            {values.cover && (
              <button type="button" className="button button--ghost" onClick={() => set('cover', null)}>
                {t('cover.remove')}
              </button>
            )}
          </div>
          {errors.coverImageId && (
            <p id={`${id}-cover-error`} className="field__error" role="alert">
              <span aria-hidden="true">⚠ </span>
              {errors.coverImageId}
            </p>
          )}
        </fieldset>

        <fieldset className={`panel ${styles['event-form__group']}`}>
          <legend>{t('groups.address')}</legend>
          <TextField
            id={`${id}-slug`}
            name="slug"
            label={t('fields.slug')}
            value={values.slug}
            onChange={(value) => set('slug', value)}
            maxLength={SLUG_MAX}
            autoComplete="off"
            hint={t('hints.slug', { path: localizedPath(locale, `/events/${slugPreview || '…'}`) })}
            error={errors.slug}
          />
        </fieldset>

        {formError && (
          <Alert id={`${id}-form-error`} kind="error">
            {formError}
          </Alert>
        )}
        <div className={`button-row ${styles['event-form__submit']}`}>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving && <span className="spinner" aria-hidden="true" />}
            {event ? t('save') : t('createDraft')}
          </button>
          {dirty && !saving && <span className="field__hint">{t('unsaved')}</span>}
        </div>
      </form>
    </div>
  );
}
