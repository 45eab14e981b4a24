'use client';
// The composer: title and message in English and German side by side, each with how it looks as
// a push message and in the inbox; a link (an event of the programme, or a page of the site); the
// audience; then save as draft, send a test to oneself, send now, or schedule for a time at the
// venue. A refusal names its field, and the form shows it there; nothing typed is lost.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { localized, type Locale } from '@/i18n/routing';
import { trpc } from '@/trpc/client';
import { useApiErrorMessage } from '@/trpc/errors';
import { ConfirmDialog } from '@/ui/dialog/ConfirmDialog';
import { wallTimeToDate } from '@/features/events/venue-time';
import type { NotificationForEditor } from '../notifications';
import { AUDIENCE_KIND_NAMES, BODY_LIMIT, TITLE_LIMIT, type AudienceKindName } from '../constants';
import styles from './notifications.module.css';

const LANGUAGES = ['en', 'de'] as const;
const ROLE_NAMES = ['user', 'scanner', 'admin'] as const;
type RoleName = (typeof ROLE_NAMES)[number];

interface Draft {
  title: Record<Locale, string>;
  body: Record<Locale, string>;
  link: string;
  audience: AudienceKindName;
  role: RoleName;
  people: { uid: string; label: string }[];
}

const EMPTY: Draft = { title: { en: '', de: '' }, body: { en: '', de: '' }, link: '', audience: 'members', role: 'user', people: [] };

function reasonField(error: unknown): string | null {
  const data = (error as { data?: { reasonField?: string | null } }).data;
  return data?.reasonField ?? null;
}

type Existing = NotificationForEditor;

function draftOf(n: Existing): Draft {
  return {
    title: n.title,
    body: n.body,
    link: n.link ?? '',
    audience: n.audience.kind,
    role: n.audience.kind === 'role' ? n.audience.role : 'user',
    people: n.audience.kind === 'people' ? n.audience.uids.map((uid) => ({ uid, label: uid })) : [],
  };
}

/** Loads a saved notification, then shows the form with it (a new one starts empty). */
export function NotificationComposer({ id }: { id: string | null }) {
  const t = useTranslations('AdminNotifications');
  const errorMessage = useApiErrorMessage();
  const existing = trpc.notifications.get.useQuery({ id: id ?? '' }, { enabled: id !== null });
  if (id === null) return <ComposerForm id={null} existing={null} />;
  if (existing.isPending) {
    return (
      <p className="directory__status" role="status">
        <span className="spinner" aria-hidden="true" /> {t('loading')}
      </p>
    );
  }
  if (existing.isError) return <p className="alert alert--error" role="alert">{errorMessage(existing.error)}</p>;
  return <ComposerForm id={id} existing={existing.data} />;
}

function ComposerForm({ id, existing }: { id: string | null; existing: Existing | null }) {
  const t = useTranslations('AdminNotifications');
  const locale = useLocale();
  const router = useRouter();
  const errorMessage = useApiErrorMessage();
  const formId = useId();
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState<Draft>(() => (existing ? draftOf(existing) : EMPTY));
  const [scheduleAt, setScheduleAt] = useState(existing?.scheduledWallTime ?? '');
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string; field?: string | null } | null>(null);
  const [confirmSend, setConfirmSend] = useState(false);
  const [busy, setBusy] = useState<null | 'save' | 'test' | 'send' | 'schedule' | 'cancel' | 'delete'>(null);

  const status = existing?.status ?? 'draft';
  const editable = status === 'draft' || status === 'scheduled';
  const save = trpc.notifications.save.useMutation();
  const test = trpc.notifications.sendTest.useMutation();
  const sendNow = trpc.notifications.sendNow.useMutation();
  const schedule = trpc.notifications.schedule.useMutation();
  const cancel = trpc.notifications.cancel.useMutation();
  const remove = trpc.notifications.delete.useMutation();

  function audience() {
    switch (draft.audience) {
      case 'role':
        return { kind: 'role' as const, role: draft.role };
      case 'people':
        return { kind: 'people' as const, uids: draft.people.map((person) => person.uid) };
      default:
        return { kind: draft.audience };
    }
  }

  // A new draft keeps the id its first save gave it, even when what followed the save failed (a
  // send refused for a missing title): trying again updates that draft instead of adding another.
  const draftId = useRef(id);

  /** Saves what is on screen; returns the id (a new draft gets one, and the URL names it). */
  async function persist(): Promise<string> {
    const saved = await save.mutateAsync({ id: draftId.current, notification: { title: draft.title, body: draft.body, link: draft.link, audience: audience() } });
    draftId.current = saved.id;
    await utils.notifications.invalidate();
    return saved.id;
  }

  async function run(kind: NonNullable<typeof busy>, work: () => Promise<string | null>) {
    setBusy(kind);
    setMessage(null);
    try {
      const text = await work();
      if (text) setMessage({ kind: 'success', text });
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error), field: reasonField(error) });
    } finally {
      setBusy(null);
    }
  }

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    void run('save', async () => {
      const savedId = await persist();
      if (id === null) router.replace(`/admin/notifications?edit=${savedId}`);
      return t('saved');
    });
  };
  const onTest = () =>
    run('test', async () => {
      const savedId = await persist();
      const result = await test.mutateAsync({ id: savedId });
      if (id === null) router.replace(`/admin/notifications?edit=${savedId}`);
      return t('testSent', { devices: result.pushSent });
    });
  const onSendNow = () =>
    run('send', async () => {
      setConfirmSend(false);
      const savedId = await persist();
      await sendNow.mutateAsync({ id: savedId });
      await utils.notifications.invalidate();
      router.push(`/admin/notifications/${savedId}`);
      return null;
    });
  const onSchedule = () =>
    run('schedule', async () => {
      if (!scheduleAt) throw Object.assign(new Error('no time'), { data: { reasonField: 'at' } });
      const savedId = await persist();
      await schedule.mutateAsync({ id: savedId, at: scheduleAt });
      await utils.notifications.invalidate();
      router.push('/admin/notifications?filter=scheduled');
      return null;
    });
  // A time already past sends at once, so it is asked like "Send now" (a mistyped year would
  // otherwise reach the whole audience without a question).
  const scheduleOrConfirm = () => {
    const at = wallTimeToDate(scheduleAt);
    if (at && at.getTime() <= Date.now()) setConfirmSend(true);
    else void onSchedule();
  };
  const onCancel = () =>
    run('cancel', async () => {
      await cancel.mutateAsync({ id: id! });
      await utils.notifications.invalidate();
      return t('unscheduled');
    });
  const onDelete = () =>
    run('delete', async () => {
      await remove.mutateAsync({ id: id! });
      await utils.notifications.invalidate();
      router.push('/admin/notifications');
      return null;
    });

  const fieldError = (field: string) => (message?.kind === 'error' && message.field === field ? message.text : null);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  return (
    <form className={styles.composer} onSubmit={onSave} aria-busy={busy !== null} noValidate>
      <p className="composer__back">
        <a href="#" onClick={(event) => { event.preventDefault(); router.push('/admin/notifications'); }}>
          ← {t('backToList')}
        </a>
      </p>
      {!editable ? <p className="alert" role="note">{t('notEditable')}</p> : null}
      <div className={styles.composer__languages}>
        {LANGUAGES.map((language) => (
          <fieldset key={language} className={styles.composer__language} disabled={!editable}>
            <legend>{t(`languages.${language}`)}</legend>
            <div className="field">
              <label className="field__label" htmlFor={`${formId}-title-${language}`}>
                {t('titleLabel')}
              </label>
              <input
                id={`${formId}-title-${language}`}
                className="field__input"
                lang={language}
                value={draft.title[language]}
                maxLength={TITLE_LIMIT}
                aria-invalid={fieldError(`title.${language}`) ? true : undefined}
                aria-describedby={fieldError(`title.${language}`) ? `${formId}-title-${language}-error` : undefined}
                onChange={(change) => set({ title: { ...draft.title, [language]: change.target.value } })}
              />
              {fieldError(`title.${language}`) ? <p id={`${formId}-title-${language}-error`} className="field__error">{fieldError(`title.${language}`)}</p> : null}
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${formId}-body-${language}`}>
                {t('bodyLabel')}
              </label>
              <textarea
                id={`${formId}-body-${language}`}
                className="field__input field__textarea"
                lang={language}
                rows={4}
                value={draft.body[language]}
                maxLength={BODY_LIMIT}
                aria-invalid={fieldError(`body.${language}`) ? true : undefined}
                aria-describedby={`${formId}-body-${language}-count${fieldError(`body.${language}`) ? ` ${formId}-body-${language}-error` : ''}`}
                onChange={(change) => set({ body: { ...draft.body, [language]: change.target.value } })}
              />
              <p id={`${formId}-body-${language}-count`} className="field__hint">
                {t('characters', { count: draft.body[language].length, max: BODY_LIMIT })}
              </p>
              {fieldError(`body.${language}`) ? <p id={`${formId}-body-${language}-error`} className="field__error">{fieldError(`body.${language}`)}</p> : null}
            </div>
            <Preview language={language} title={draft.title[language]} body={draft.body[language]} />
          </fieldset>
        ))}
      </div>

      <fieldset className={styles.composer__section} disabled={!editable}>
        <legend>{t('linkLegend')}</legend>
        <LinkChooser value={draft.link} onChange={(link) => set({ link })} locale={locale} error={fieldError('link')} />
      </fieldset>

      <fieldset className={styles.composer__section} disabled={!editable}>
        <legend>{t('audienceLegend')}</legend>
        <div className={styles.composer__audiences}>
          {AUDIENCE_KIND_NAMES.map((kind) => (
            <label key={kind} className={styles.composer__choice}>
              <input type="radio" name={`${formId}-audience`} value={kind} checked={draft.audience === kind} onChange={() => set({ audience: kind })} />
              <span>{t(`audiences.${kind}`)}</span>
            </label>
          ))}
        </div>
        {draft.audience === 'role' ? (
          <div className="field">
            <label className="field__label" htmlFor={`${formId}-role`}>
              {t('roleLabel')}
            </label>
            <select id={`${formId}-role`} className="field__select" value={draft.role} onChange={(change) => set({ role: change.target.value as RoleName })}>
              {ROLE_NAMES.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {draft.audience === 'people' ? <PeoplePicker people={draft.people} onChange={(people) => set({ people })} /> : null}
      </fieldset>

      {message ? (
        <p className={`alert alert--${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
          <span className="alert__label" aria-hidden="true">{message.kind === 'error' ? '!' : '✓'}</span>
          {message.text}
        </p>
      ) : null}

      {editable ? (
        <div className={styles.composer__actions}>
          <button type="submit" className="button button--ghost" disabled={busy !== null}>
            {busy === 'save' ? <span className="spinner" aria-hidden="true" /> : null} {t('saveDraft')}
          </button>
          <button type="button" className="button button--ghost" disabled={busy !== null} onClick={() => void onTest()}>
            {busy === 'test' ? <span className="spinner" aria-hidden="true" /> : null} {t('sendTest')}
          </button>
          <ConfirmDialog
            open={confirmSend}
            onOpenChange={setConfirmSend}
            trigger={
              <button type="button" className="button button--primary" disabled={busy !== null}>
                {busy === 'send' ? <span className="spinner" aria-hidden="true" /> : null} {t('sendNow')}
              </button>
            }
            title={t('confirmSendTitle')}
            text={t('confirmSendText', { audience: t(`audiences.${draft.audience}`) })}
            confirmLabel={t('sendNow')}
            cancelLabel={t('cancel')}
            onConfirm={() => void onSendNow()}
          />
          <div className={styles.composer__schedule}>
            <div className="field">
              <label className="field__label" htmlFor={`${formId}-at`}>
                {t('scheduleLabel')}
              </label>
              <input
                id={`${formId}-at`}
                type="datetime-local"
                className="field__input"
                value={scheduleAt}
                aria-describedby={`${formId}-at-hint`}
                aria-invalid={fieldError('at') ? true : undefined}
                onChange={(change) => setScheduleAt(change.target.value)}
              />
              <p id={`${formId}-at-hint`} className="field__hint">{t('scheduleHint')}</p>
              {fieldError('at') ? <p className="field__error">{t('scheduleMissing')}</p> : null}
            </div>
            <button type="button" className="button button--ghost" disabled={busy !== null} onClick={scheduleOrConfirm}>
              {busy === 'schedule' ? <span className="spinner" aria-hidden="true" /> : null} {status === 'scheduled' ? t('reschedule') : t('schedule')}
            </button>
          </div>
          {status === 'scheduled' ? (
            <button type="button" className="button button--ghost" disabled={busy !== null} onClick={() => void onCancel()}>
              {t('unschedule')}
            </button>
          ) : null}
          {id !== null && status === 'draft' ? (
            <button type="button" className="button button--danger" disabled={busy !== null} onClick={() => void onDelete()}>
              {t('deleteDraft')}
            </button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

function Preview({ language, title, body }: { language: Locale; title: string; body: string }) {
  const t = useTranslations('AdminNotifications');
  return (
    <div className={styles.composer__previews} aria-label={t('previewLabel')} role="group">
      <div className="push-preview" lang={language}>
        <p className={styles['push-preview__label']}>{t('previewPush')}</p>
        <div className={styles['push-preview__card']}>
          {/* eslint-disable-next-line @next/next/no-img-element -- a 32 px static icon */}
          <img src="/icons/icon-192.png" alt="" width={32} height={32} />
          <div>
            <p className={styles['push-preview__title']}>{title || t('previewTitle')}</p>
            <p className={styles['push-preview__body']}>{body || t('previewBody')}</p>
          </div>
        </div>
      </div>
      <div className="inbox-preview" lang={language}>
        <p className={styles['push-preview__label']}>{t('previewInbox')}</p>
        <div className={`${styles['inbox-entry']} ${styles['inbox-entry--unread']}`}>
          <p className={styles['inbox-entry__title']}>{title || t('previewTitle')}</p>
          <p className={styles['inbox-entry__body']}>{body || t('previewBody')}</p>
        </div>
      </div>
    </div>
  );
}

function LinkChooser({ value, onChange, locale, error }: { value: string; onChange: (link: string) => void; locale: Locale; error: string | null }) {
  const t = useTranslations('AdminNotifications');
  const id = useId();
  const events = trpc.events.list.useQuery({ filter: 'upcoming', search: '', cursor: null });
  const eventLinks = (events.data?.events ?? []).map((event) => ({ link: `/events/${event.slug}`, label: localized(event.title, locale) }));
  const mode = value === '' ? 'none' : eventLinks.some((entry) => entry.link === value) ? 'event' : 'page';
  const [chosen, setChosen] = useState<'none' | 'event' | 'page'>(mode);
  return (
    <>
      <div className={styles.composer__audiences}>
        {(['none', 'event', 'page'] as const).map((option) => (
          <label key={option} className={styles.composer__choice}>
            <input
              type="radio"
              name={`${id}-link`}
              checked={chosen === option}
              onChange={() => {
                setChosen(option);
                if (option === 'none') onChange('');
              }}
            />
            <span>{t(`linkModes.${option}`)}</span>
          </label>
        ))}
      </div>
      {chosen === 'event' ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-event`}>
            {t('linkEvent')}
          </label>
          <select id={`${id}-event`} className="field__select" value={value} onChange={(change) => onChange(change.target.value)}>
            <option value="">{events.isPending ? t('loading') : t('chooseEvent')}</option>
            {eventLinks.map((entry) => (
              <option key={entry.link} value={entry.link}>
                {entry.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {chosen === 'page' ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-page`}>
            {t('linkPage')}
          </label>
          <input id={`${id}-page`} className="field__input" value={value} placeholder="/vip" aria-describedby={`${id}-page-hint`} aria-invalid={error ? true : undefined} onChange={(change) => onChange(change.target.value)} />
          <p id={`${id}-page-hint`} className="field__hint">{t('linkPageHint')}</p>
        </div>
      ) : null}
      {error ? <p className="field__error" role="alert">{error}</p> : null}
    </>
  );
}

function PeoplePicker({ people, onChange }: { people: { uid: string; label: string }[]; onChange: (people: { uid: string; label: string }[]) => void }) {
  const t = useTranslations('AdminNotifications');
  const id = useId();
  const [search, setSearch] = useState('');
  const found = trpc.users.list.useQuery({ search: search.trim() }, { enabled: search.trim().length >= 2 });
  return (
    <div className="composer__people">
      {people.length ? (
        <ul className={styles.chips} aria-label={t('chosenPeople')}>
          {people.map((person) => (
            <li key={person.uid} className={styles.chip}>
              {person.label}
              <button type="button" className={styles.chip__remove} aria-label={t('removePerson', { name: person.label })} onClick={() => onChange(people.filter((other) => other.uid !== person.uid))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="field__hint">{t('noPeople')}</p>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-search`}>
          {t('peopleSearch')}
        </label>
        <input id={`${id}-search`} className="field__input" type="search" value={search} onChange={(change) => setSearch(change.target.value)} autoComplete="off" />
      </div>
      {found.isFetching ? <span className="spinner" aria-hidden="true" /> : null}
      {found.data?.users.length ? (
        <ul className={styles.composer__hits}>
          {found.data.users
            .filter((user) => !people.some((person) => person.uid === user.uid))
            .map((user) => (
              <li key={user.uid}>
                <button type="button" className="button button--ghost button--small" onClick={() => onChange([...people, { uid: user.uid, label: user.displayName ?? user.email ?? user.uid }])}>
                  + {user.displayName ?? user.email} {user.displayName && user.email ? <span className="field__hint">{user.email}</span> : null}
                </button>
              </li>
            ))}
        </ul>
      ) : null}
    </div>
  );
}
