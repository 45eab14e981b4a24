'use client';
// The event editor's form: the event loaded, the values as typed, the checks before sending and the server's refusals at their fields.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { TRPCClientError } from '@trpc/client';
import { useRouter } from '@/i18n/navigation';
import { localizedPath, type Locale } from '@/i18n/routing';
import { trpc } from '@/trpc/client';
import { useApiErrorMessage } from '@/trpc/errors';
import { formMessageForIssue, type FormMessage, type WireIssue } from '@/forms/validation';
import { HOME_VENUE, type EventCover, type EventSummary } from '../events';
import { EventInput, eventTimesProblem } from '../events.inputs';
import { slugify } from '../slug';
import { dateToWallTime, wallTimeToDate } from '../venue-time';

type Texts = Record<Locale, string>;

/** The form as typed: numbers stay text until sent, so a half-typed value is kept as it is. */
export interface EventFormValues {
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
  guestsPerMember: string;
  guestDrinks: string;
  publicTickets: string;
  barMenu: Texts;
  cover: EventCover | null;
}

/** Field errors by the input's path (`title.de`, `venue.name`, `capacity`), as message texts. */
export type EventFormErrors = Record<string, string>;

const EMPTY_TEXTS: Texts = { en: '', de: '' };
const HOUR = 60 * 60 * 1000;

function blankForm(): EventFormValues {
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
    guestsPerMember: '1',
    guestDrinks: '0',
    publicTickets: '0',
    barMenu: EMPTY_TEXTS,
    cover: null,
  };
}

function formOf(event: EventSummary): EventFormValues {
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
    guestsPerMember: String(event.guestsPerMember),
    guestDrinks: String(event.guestDrinks),
    publicTickets: String(event.publicTickets),
    barMenu: event.barMenu,
    cover: event.cover,
  };
}

function whole(value: string): number {
  return value.trim() === '' ? Number.NaN : Number(value.trim());
}

function inputOf(values: EventFormValues) {
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
    guestsPerMember: whole(values.guestsPerMember),
    guestDrinks: whole(values.guestDrinks),
    publicTickets: whole(values.publicTickets),
    barMenu: values.barMenu,
    coverImageId: values.cover?.imageId ?? null,
  };
}

/** The event to edit; nothing is loaded for a new one. */
export function useEditedEvent(eventId: string | null) {
  // Not on focus: a newer version saved elsewhere would start the form again and drop what was typed.
  return trpc.events.get.useQuery({ id: eventId ?? '' }, { enabled: eventId !== null, refetchOnWindowFocus: false });
}

/** One form per saved version: saving reloads the event, and the form starts again from what was saved. */
export function eventFormKey(event: EventSummary | null): string {
  return event ? `${event.id}-${event.updatedAt.getTime()}` : 'new';
}

export function useEventForm(event: EventSummary | null, setNotice: (notice: string | null) => void) {
  const t = useTranslations('AdminEvents');
  const tForms = useTranslations('Forms');
  const locale = useLocale();
  const tReasons = useTranslations('Errors.reasons');
  const errorMessage = useApiErrorMessage();
  const router = useRouter();
  const utils = trpc.useUtils();
  const saved = useMemo(() => (event ? formOf(event) : blankForm()), [event]);
  const [values, setValues] = useState<EventFormValues>(saved);
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = trpc.events.create.useMutation();
  const update = trpc.events.update.useMutation();
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const saving = create.isPending || update.isPending;

  // Leaving with unsaved changes: the browser asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  function set<K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setNotice(null);
  }

  function setText(key: 'title' | 'summary' | 'description' | 'barMenu', language: Locale, value: string) {
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

  const formMessage = ({ key, values }: FormMessage) => tForms(key, values);

  // The server's own schema, so what passes here passes there, with the same messages.
  function check(): EventFormErrors {
    const found: EventFormErrors = {};
    if (values.capacity.trim() === '') found.capacity = formMessage({ key: 'required' });
    if (values.drinkAllowance.trim() === '') found.drinkAllowance = formMessage({ key: 'required' });
    for (const field of ['guestsPerMember', 'guestDrinks', 'publicTickets'] as const) if (values[field].trim() === '') found[field] = formMessage({ key: 'required' });
    const parsed = EventInput.safeParse(inputOf(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join('.');
        if (!(path in found)) found[path] = formMessage(formMessageForIssue({ ...issue, path: issue.path.map(String) } as WireIssue));
      }
    }
    const times = eventTimesProblem(values);
    if (times && !found[times.field]) found[times.field] = tReasons(times.reason);
    return found;
  }

  /** A refusal at the fields it concerns: the schema's issues, or the one field a domain refusal names. */
  function showServerError(error: unknown) {
    const data = error instanceof TRPCClientError ? (error.data as { zodIssues?: WireIssue[] | null; reasonField?: string | null } | undefined) : undefined;
    const found: EventFormErrors = {};
    // An update sends the form as `event` inside its input; the fields are the same as a new event's.
    const fieldOf = (path: string[]) => (event && path[0] === 'event' ? path.slice(1) : path).join('.');
    for (const issue of data?.zodIssues ?? []) found[fieldOf(issue.path)] ??= formMessage(formMessageForIssue(issue));
    if (data?.reasonField) found[data.reasonField] = errorMessage(error);
    if (Object.keys(found).length) {
      setErrors(found);
      setFormError(t('fixFields'));
      return;
    }
    // Not about one field (a change made meanwhile, the network): said above the button.
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
        setNotice(result.slug !== event.slug ? t('savedMoved', { path: localizedPath(locale, `/events/${result.slug}`) }) : event.status === 'draft' ? t('savedDraft') : t('saved'));
      } else {
        const result = await create.mutateAsync(inputOf(values));
        await utils.events.list.invalidate();
        router.replace(`/admin/events?edit=${encodeURIComponent(result.id)}&created=1`);
      }
    } catch (error) {
      showServerError(error);
    }
  }

  return {
    values,
    errors,
    /** The message above the submit button; the status actions report their failures here too. */
    formError,
    setFormError,
    dirty,
    saving,
    set,
    setText,
    setStart,
    submit,
    // An empty field keeps an existing event's slug (the server does the same); a new one gets one from the title.
    slugPreview: values.slug.trim() || event?.slug || slugify(values.title.en) || slugify(values.title.de),
  };
}
