// The composer's form as typed, and what it becomes when saved: the people chosen keep the names
// they were picked by on screen, the saved audience only their uids; the weeks of "not seen at the
// door" stay the text typed until saved, so a half-typed number is not rewritten under the cursor.
import type { Locale } from '@/i18n/routing';
import type { NotificationForEditor } from '../notifications';
import type { NotificationInput } from '../notifications.inputs';
import { LAPSED_WEEKS_DEFAULT, LAPSED_WEEKS_MAX, LAPSED_WEEKS_MIN, type AudienceKindName, type EmailChannel } from '../constants';

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

/** The weeks typed, when they are a whole number the audience takes; else null. */
export function weeksOf(typed: string): number | null {
  if (!/^\s*\d{1,2}\s*$/.test(typed)) return null;
  const weeks = Number(typed);
  return weeks >= LAPSED_WEEKS_MIN && weeks <= LAPSED_WEEKS_MAX ? weeks : null;
}

export function notificationOf(draft: Draft): NotificationInput {
  return { title: draft.title, body: draft.body, link: draft.link, audience: audienceOf(draft), email: draft.email };
}

function audienceOf(draft: Draft): NotificationInput['audience'] {
  switch (draft.audience) {
    case 'role':
      return { kind: 'role', role: draft.role };
    case 'people':
      return { kind: 'people', uids: draft.people.map((person) => person.uid) };
    case 'lapsed':
      // The form refuses weeks it cannot send before saving (useComposerActions); the server checks again.
      return { kind: 'lapsed', weeks: weeksOf(draft.weeks) ?? LAPSED_WEEKS_MIN - 1 };
    default:
      return { kind: draft.audience };
  }
}
