'use client';
// The event editor's form: the event loaded, the values as typed, the checks before sending and the server's refusals at their fields.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { LOCALES, localizedPath, type Locale } from '@/i18n/routing';
import { trpc } from '@/trpc/client';
import { numberOf } from '@/forms/form-messages';
import { useForm } from '@/forms/useForm';
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
export type EventFormErrors = Record<string, string | undefined>;

/** The input's fields the form shows, by their paths: where a check or a refusal puts its message. */
const FIELDS = [
  'slug',
  ...(['title', 'summary', 'description', 'barMenu'] as const).flatMap((text) => LOCALES.map((language) => `${text}.${language}`)),
  'startsAt',
  'endsAt',
  'doorsAt',
  'venue.name',
  'venue.address',
  'capacity',
  'drinkAllowance',
  'guestsPerMember',
  'guestDrinks',
  'publicTickets',
  'coverImageId',
];

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
    capacity: numberOf(values.capacity),
    drinkAllowance: numberOf(values.drinkAllowance),
    guestsPerMember: numberOf(values.guestsPerMember),
    guestDrinks: numberOf(values.guestDrinks),
    publicTickets: numberOf(values.publicTickets),
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
  const locale = useLocale();
  const router = useRouter();
  const utils = trpc.useUtils();
  const saved = useMemo(() => (event ? formOf(event) : blankForm()), [event]);
  const [values, setValues] = useState<EventFormValues>(saved);
  // An update sends the form as `event` inside its input; the fields are the same as a new event's.
  const form = useForm({ fields: FIELDS, within: 'event' });
  // What the status actions (publish, cancel…) report; the form's own refusals are the form path's.
  const [statusError, setStatusError] = useState<string | null>(null);
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

  async function submit(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    setStatusError(null);
    // The server's own schema, so what passes here passes there, with the same messages; the times
    // by the rule the server applies after it (which names the time to change).
    const input = form.check(EventInput, inputOf(values), [eventTimesProblem(values)]);
    if (!input) return;
    try {
      if (event) {
        const result = await update.mutateAsync({ id: event.id, event: input, loadedUpdatedAt: event.updatedAt });
        await Promise.all([utils.events.get.invalidate({ id: event.id }), utils.events.list.invalidate()]);
        setNotice(result.slug !== event.slug ? t('savedMoved', { path: localizedPath(locale, `/events/${result.slug}`) }) : event.status === 'draft' ? t('savedDraft') : t('saved'));
      } else {
        const result = await create.mutateAsync(input);
        await utils.events.list.invalidate();
        router.replace(`/admin/events?edit=${encodeURIComponent(result.id)}&created=1`);
      }
    } catch (error) {
      form.refuse(error);
    }
  }

  return {
    values,
    errors: Object.fromEntries(FIELDS.map((field) => [field, form.error(field)])) as EventFormErrors,
    formId: form.id,
    /**
     * The message above the submit button: what the form's refusal says beyond its fields (or that
     * fields need attention), else the failure of a status action.
     */
    formError: form.message ?? (form.invalid ? t('fixFields') : statusError),
    setFormError: setStatusError,
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
