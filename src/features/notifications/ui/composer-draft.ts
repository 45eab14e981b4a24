// The composer's form as typed, and what it becomes when saved: the people chosen keep the names
// they were picked by on screen, the saved audience only their uids.
import type { Locale } from '@/i18n/routing';
import type { NotificationForEditor } from '../notifications';
import type { NotificationInput } from '../notifications.inputs';
import type { AudienceKindName } from '../constants';

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
}

export const EMPTY_DRAFT: Draft = { title: { en: '', de: '' }, body: { en: '', de: '' }, link: '', audience: 'members', role: 'user', people: [] };

export function draftOf(existing: NotificationForEditor): Draft {
  return {
    title: existing.title,
    body: existing.body,
    link: existing.link ?? '',
    audience: existing.audience.kind,
    role: existing.audience.kind === 'role' ? existing.audience.role : 'user',
    people: existing.audience.kind === 'people' ? existing.audience.uids.map((uid) => ({ uid, label: uid })) : [],
  };
}

export function notificationOf(draft: Draft): NotificationInput {
  return { title: draft.title, body: draft.body, link: draft.link, audience: audienceOf(draft) };
}

function audienceOf(draft: Draft): NotificationInput['audience'] {
  switch (draft.audience) {
    case 'role':
      return { kind: 'role', role: draft.role };
    case 'people':
      return { kind: 'people', uids: draft.people.map((person) => person.uid) };
    default:
      return { kind: draft.audience };
  }
}
