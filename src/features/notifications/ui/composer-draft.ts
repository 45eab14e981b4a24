// The composer's form as typed, and what it becomes when saved: the people chosen keep the names
// they were picked by on screen, the saved audience only their uids; the weeks of "not seen at the
// door" stay the text typed until saved, so a half-typed number is not rewritten under the cursor,
// and the notification's schema says what is wrong with them (the form path).
import type { Locale } from '@/i18n/routing';
import { numberOf, type FormInput } from '@/forms/form-messages';
import type { NotificationForEditor } from '../notifications';
import type { NotificationInput } from '../notifications.inputs';
import { LAPSED_WEEKS_DEFAULT, type AudienceKindName, type EmailChannel } from '../constants';

export const ROLE_NAMES = ['user', 'scanner', 'admin'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export interface ChosenPerson {
  uid: string;
  label: string;
}

export interface Draft {
  title: Record<Locale, string>;
  body: Record<Locale, string>;
  link: string;
  audience: AudienceKindName;
  role: RoleName;
  people: ChosenPerson[];
  /** Weeks without an admission, as typed (audience `lapsed`). */
  weeks: string;
  email: EmailChannel;
}

export const EMPTY_DRAFT: Draft = { title: { en: '', de: '' }, body: { en: '', de: '' }, link: '', audience: 'members', role: 'user', people: [], weeks: String(LAPSED_WEEKS_DEFAULT), email: 'off' };

export function draftOf(existing: NotificationForEditor): Draft {
  return {
    title: existing.title,
    body: existing.body,
    link: existing.link ?? '',
    audience: existing.audience.kind,
    role: existing.audience.kind === 'role' ? existing.audience.role : 'user',
    people: existing.audience.kind === 'people' ? existing.audience.uids.map((uid) => ({ uid, label: uid })) : [],
    weeks: String(existing.audience.kind === 'lapsed' ? existing.audience.weeks : LAPSED_WEEKS_DEFAULT),
    email: existing.email,
  };
}

/** The notification as typed, in the shape of its input: what the composer checks and saves. */
export type TypedNotification = FormInput<NotificationInput>;

export function notificationOf(draft: Draft): TypedNotification {
  return { title: draft.title, body: draft.body, link: draft.link, audience: audienceOf(draft), email: draft.email };
}

function audienceOf(draft: Draft): TypedNotification['audience'] {
  switch (draft.audience) {
    case 'role':
      return { kind: 'role', role: draft.role };
    case 'people':
      return { kind: 'people', uids: draft.people.map((person) => person.uid) };
    case 'lapsed':
      // Empty or not a number as typed: the schema says so at the field before anything is saved.
      return { kind: 'lapsed', weeks: numberOf(draft.weeks) };
    default:
      return { kind: draft.audience };
  }
}
