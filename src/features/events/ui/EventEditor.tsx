'use client';
// Creating and editing an event: every text in both languages, the times at the venue, venue,
// numbers and cover; then publish, unpublish, cancel or duplicate. The form is checked here with
// the server's own schema, and what the server refuses is shown at the field it concerns; what
// was typed is never lost.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { TRPCClientError } from '@trpc/client';
import { useRouter } from '@/i18n/navigation';
import { Link } from '@/i18n/navigation';
import { LOCALES, type Locale } from '@/i18n/routing';
import { trpc } from '@/trpc/client';
import { useApiErrorMessage } from '@/trpc/errors';
import { messageForIssue, type FormMessageKey, type WireIssue } from '@/forms/validation';
import { TextField } from '@/ui/form/TextField';
import { TextAreaField } from '@/ui/form/TextAreaField';
import { ConfirmDialog } from '@/ui/dialog/ConfirmDialog';
import { HOME_VENUE, type EventCover, type EventSummary } from '../events';
import { isPublic } from '../programme';
import {
  CAPACITY_MAX,
  DRINK_ALLOWANCE_MAX,
  EventInput,
  eventTimesProblem,
  SUMMARY_MAX,
  TITLE_MAX,
  VENUE_ADDRESS_MAX,
  VENUE_NAME_MAX,
  type EventStatusAction,
} from '../event-input';
import { RICH_TEXT_MAX } from '../rich-text';
import { SLUG_MAX, slugify } from '../slug';
import { dateToWallTime, wallTimeToDate } from '../venue-time';
import { EventStatusBadge } from './EventStatusBadge';
import { EventCoverImage } from './EventCoverImage';
import { CoverPicker } from './CoverPicker';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { RichText } from './RichText';

type Texts = Record<Locale, string>;

interface FormValues {
  slug: string;
  title: Texts;
  summary: Texts;
  description: Texts;
  doorsAt: string;
  startsAt: string;
  endsAt: string;
  venueName: string;
  venueAddress: string;
  capacity: string;
  drinkAllowance: string;
  cover: EventCover | null;
}

/** Field errors by the input's path (`title.de`, `venue.name`, `capacity`), as message texts. */
type Errors = Record<string, string>;

const EMPTY_TEXTS: Texts = { en: '', de: '' };
const HOUR = 60 * 60 * 1000;

function blankForm(): FormValues {
  return {
    slug: '',
    title: EMPTY_TEXTS,
    summary: EMPTY_TEXTS,
    description: EMPTY_TEXTS,
    doorsAt: '',
    startsAt: '',
    endsAt: '',
    venueName: HOME_VENUE.name,
    venueAddress: HOME_VENUE.address,
    capacity: '300',
    drinkAllowance: '2',
    cover: null,
  };
}

function formOf(event: EventSummary): FormValues {
  return {
    slug: event.slug,
    title: event.title,
    summary: event.summary,
    description: event.description,
    doorsAt: dateToWallTime(event.doorsAt),
    startsAt: dateToWallTime(event.startsAt),
    endsAt: dateToWallTime(event.endsAt),
    venueName: event.venue.name,
    venueAddress: event.venue.address,
    capacity: String(event.capacity),
    drinkAllowance: String(event.drinkAllowance),
    cover: event.cover,
  };
}

function whole(value: string): number {
  return value.trim() === '' ? Number.NaN : Number(value.trim());
}

function inputOf(values: FormValues) {
  return {
    slug: values.slug,
    title: values.title,
    summary: values.summary,
    description: values.description,
    doorsAt: values.doorsAt,
    startsAt: values.startsAt,
    endsAt: values.endsAt,
    venue: { name: values.venueName, address: values.venueAddress },
    capacity: whole(values.capacity),
    drinkAllowance: whole(values.drinkAllowance),
    coverImageId: values.cover?.imageId ?? null,
  };
}

export function EventEditor({ eventId }: { eventId: string | null }) {
  const existing = trpc.events.get.useQuery({ id: eventId ?? '' }, { enabled: eventId !== null, refetchOnWindowFocus: false });
  const t = useTranslations('AdminEvents');
  // Kept here, outside the form: saving reloads the event, which remounts the form with the saved
  // values, and the status region must stay mounted for screen readers to announce it. It also
  // takes the focus, since the control that was used may be gone after the remount.
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const status = (
    <p ref={noticeRef} tabIndex={-1} role="status" className={notice ? 'alert alert--success event-editor__notice' : 'visually-hidden'}>
      {notice && (
        <>
          <span className="alert__label" aria-hidden="true">✓</span>
          {notice}
        </>
      )}
    </p>
  );
  if (eventId === null)
    return (
      <>
        {status}
        <EventForm key="new" event={null} setNotice={setNotice} />
      </>
    );
  if (existing.isPending)
    return (
      <p className="directory__status" role="status">
        <span className="spinner" aria-hidden="true" /> {t('loadingEvent')}
      </p>
    );
  if (existing.isError) return <LoadFailure error={existing.error} retry={() => existing.refetch()} />;
  return (
    <>
      {status}
      <EventForm key={`${existing.data.id}-${existing.data.updatedAt.getTime()}`} event={existing.data} setNotice={setNotice} />
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

function EventForm({ event, setNotice }: { event: EventSummary | null; setNotice: (notice: string | null) => void }) {
  const t = useTranslations('AdminEvents');
  const tForms = useTranslations('Forms');
  const tReasons = useTranslations('Errors.reasons');
  const locale = useLocale() as Locale;
  const errorMessage = useApiErrorMessage();
  const router = useRouter();
  const utils = trpc.useUtils();
  const id = useId();
  const saved = useMemo(() => (event ? formOf(event) : blankForm()), [event]);
  const [values, setValues] = useState<FormValues>(saved);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const create = trpc.events.create.useMutation();
  const update = trpc.events.update.useMutation();
  const changeStatus = trpc.events.changeStatus.useMutation();
  const duplicate = trpc.events.duplicate.useMutation();
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const saving = create.isPending || update.isPending;
  const acting = changeStatus.isPending || duplicate.isPending;

  // Leaving with unsaved changes: the browser asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setNotice(null);
  }

  function setText(key: 'title' | 'summary' | 'description', language: Locale, value: string) {
    setValues((current) => ({ ...current, [key]: { ...current[key], [language]: value } }));
    setNotice(null);
  }

  /** A start time fills in doors (an hour before) and end (five hours after) when still empty. */
  function setStart(value: string) {
    setValues((current) => {
      const start = wallTimeToDate(value);
      if (!start) return { ...current, startsAt: value };
      return {
        ...current,
        startsAt: value,
        doorsAt: current.doorsAt || dateToWallTime(new Date(start.getTime() - HOUR)),
        endsAt: current.endsAt || dateToWallTime(new Date(start.getTime() + 5 * HOUR)),
      };
    });
    setNotice(null);
  }

  const formMessage = (key: FormMessageKey) => tForms(key);

  function check(): Errors {
    const found: Errors = {};
    if (values.capacity.trim() === '') found.capacity = formMessage('required');
    if (values.drinkAllowance.trim() === '') found.drinkAllowance = formMessage('required');
    const parsed = EventInput.safeParse(inputOf(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join('.');
        if (!(path in found)) found[path] = formMessage(messageForIssue({ ...issue, path: issue.path.map(String) } as WireIssue));
      }
    }
    const times = eventTimesProblem(values);
    if (times?.reason === 'endBeforeStart' && !found.endsAt) found.endsAt = tReasons('endBeforeStart');
    if (times?.reason === 'doorsAfterStart' && !found.doorsAt) found.doorsAt = tReasons('doorsAfterStart');
    return found;
  }

  function showServerError(error: unknown) {
    if (error instanceof TRPCClientError) {
      const data = error.data as { zodIssues?: WireIssue[] | null; reason?: string | null } | undefined;
      if (data?.zodIssues?.length) {
        const found: Errors = {};
        for (const issue of data.zodIssues) found[issue.path.join('.')] ??= formMessage(messageForIssue(issue));
        setErrors(found);
        setFormError(t('fixFields'));
        return;
      }
      const field = { slugTaken: 'slug', endBeforeStart: 'endsAt', doorsAfterStart: 'doorsAt', coverNotFound: 'cover', coverMembersOnly: 'cover' }[data?.reason ?? ''];
      if (field) {
        setErrors({ [field]: errorMessage(error) });
        setFormError(t('fixFields'));
        return;
      }
    }
    setFormError(errorMessage(error));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) {
      setFormError(t('fixFields'));
      // Focus the first field in trouble, so keyboard and screen-reader users land on it.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setFormError(null);
    try {
      if (event) {
        const result = await update.mutateAsync({ id: event.id, event: inputOf(values), loadedUpdatedAt: event.updatedAt });
        await Promise.all([utils.events.get.invalidate({ id: event.id }), utils.events.list.invalidate()]);
        setNotice(result.slug !== event.slug ? t('savedMoved', { slug: result.slug }) : t('saved'));
      } else {
        const result = await create.mutateAsync(inputOf(values));
        await utils.events.list.invalidate();
        router.replace(`/admin/events?edit=${encodeURIComponent(result.id)}&created=1`);
      }
    } catch (error) {
      showServerError(error);
    }
  }

  async function act(action: EventStatusAction) {
    if (!event) return;
    setFormError(null);
    try {
      await changeStatus.mutateAsync({ id: event.id, action });
      setConfirmCancel(false);
      setNotice(t(`done.${action}`));
      await Promise.all([utils.events.get.invalidate({ id: event.id }), utils.events.list.invalidate()]);
    } catch (error) {
      setConfirmCancel(false);
      setFormError(errorMessage(error));
    }
  }

  async function copy() {
    if (!event) return;
    setFormError(null);
    try {
      const result = await duplicate.mutateAsync({ id: event.id });
      await utils.events.list.invalidate();
      router.push(`/admin/events?edit=${encodeURIComponent(result.id)}&copied=1`);
    } catch (error) {
      setFormError(errorMessage(error));
    }
  }

  // An empty field keeps an existing event's slug (the server does the same); a new one gets one from the title.
  const slugPreview = values.slug.trim() || event?.slug || slugify(values.title.en) || slugify(values.title.de);
  const languageName = (language: Locale) => t(`languages.${language}`);
  const heading = event ? event.title[locale] || event.title.en : t('newHeading');

  return (
    <div className="event-editor">
      <p>
        <Link href="/admin/events" className="back-link">
          <span aria-hidden="true">← </span>
          {t('backToList')}
        </Link>
      </p>
      <div className="event-editor__head">
        <h2>{heading}</h2>
        {event && <EventStatusBadge status={event.status} />}
      </div>

      {event && (
        <section className="panel event-editor__status" aria-labelledby={`${id}-status`}>
          <h3 id={`${id}-status`}>{t('statusHeading')}</h3>
          <p>{t(`statusText.${event.status}`)}</p>
          {dirty && <p className="field__hint">{t('saveFirst')}</p>}
          <div className="button-row">
            {event.status !== 'published' && (
              <button type="button" className="button button--primary" disabled={dirty || acting} onClick={() => act('publish')}>
                {t('actions.publish')}
              </button>
            )}
            {event.status !== 'draft' && (
              <button type="button" className="button button--ghost" disabled={dirty || acting} onClick={() => act('unpublish')}>
                {t('actions.unpublish')}
              </button>
            )}
            {event.status === 'published' && (
              <ConfirmDialog
                open={confirmCancel}
                onOpenChange={setConfirmCancel}
                trigger={
                  <button type="button" className="button button--danger" disabled={dirty || acting}>
                    {t('actions.cancel')}
                  </button>
                }
                title={t('cancelDialog.title')}
                text={t('cancelDialog.text', { title: heading })}
                confirmLabel={t('cancelDialog.confirm')}
                cancelLabel={t('cancelDialog.keep')}
                onConfirm={() => act('cancel')}
              />
            )}
            <button type="button" className="button button--ghost" disabled={dirty || acting} onClick={copy}>
              {t('actions.duplicate')}
            </button>
            {isPublic(event.status) && (
              <Link className="button button--ghost" href={`/events/${event.slug}`}>
                {t('viewPublic')}
              </Link>
            )}
          </div>
          {acting && (
            <p className="directory__status" role="status">
              <span className="spinner" aria-hidden="true" /> {t('working')}
            </p>
          )}
        </section>
      )}

      <form className="event-form" noValidate onSubmit={submit} aria-describedby={formError ? `${id}-form-error` : undefined}>
        <div className="event-form__languages">
          {LOCALES.map((language) => (
            <fieldset key={language} className="panel event-form__group" lang={language}>
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
              <details className="event-form__preview">
                <summary>{t('preview')}</summary>
                {values.description[language].trim() ? (
                  <RichText source={values.description[language]} className="prose" />
                ) : (
                  <p className="field__hint">{t('previewEmpty')}</p>
                )}
              </details>
            </fieldset>
          ))}
        </div>

        <fieldset className="panel event-form__group">
          <legend>{t('groups.when')}</legend>
          <p className="field__hint">{t('hints.timeZone')}</p>
          <div className="event-form__row">
            <TextField id={`${id}-starts`} name="startsAt" type="datetime-local" label={t('fields.startsAt')} value={values.startsAt} onChange={setStart} required error={errors.startsAt} />
            <TextField id={`${id}-doors`} name="doorsAt" type="datetime-local" label={t('fields.doorsAt')} value={values.doorsAt} onChange={(value) => set('doorsAt', value)} required error={errors.doorsAt} />
            <TextField id={`${id}-ends`} name="endsAt" type="datetime-local" label={t('fields.endsAt')} value={values.endsAt} onChange={(value) => set('endsAt', value)} required error={errors.endsAt} />
          </div>
        </fieldset>

        <fieldset className="panel event-form__group">
          <legend>{t('groups.where')}</legend>
          <div className="event-form__row">
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
          <div className="event-form__row">
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
        </fieldset>

        <fieldset className="panel event-form__group" aria-describedby={errors.cover ? `${id}-cover-error` : undefined}>
          <legend>{t('groups.cover')}</legend>
          {values.cover ? (
            <div className="event-form__cover">
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
          {errors.cover && (
            <p id={`${id}-cover-error`} className="field__error" role="alert">
              <span aria-hidden="true">⚠ </span>
              {errors.cover}
            </p>
          )}
        </fieldset>

        <fieldset className="panel event-form__group">
          <legend>{t('groups.address')}</legend>
          <TextField
            id={`${id}-slug`}
            name="slug"
            label={t('fields.slug')}
            value={values.slug}
            onChange={(value) => set('slug', value)}
            maxLength={SLUG_MAX}
            autoComplete="off"
            hint={t('hints.slug', { path: `/events/${slugPreview || '…'}` })}
            error={errors.slug}
          />
        </fieldset>

        {formError && (
          <div id={`${id}-form-error`} className="alert alert--error" role="alert">
            <span className="alert__label" aria-hidden="true">!</span>
            {formError}
          </div>
        )}
        <div className="button-row event-form__submit">
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
