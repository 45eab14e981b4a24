// The composer saves what is on screen: the audience it shows becomes the audience sent, the
// e-mail channel chosen goes with it, and a saved notification opens with what it was saved with;
// weeks typed that the audience cannot take are refused at their field by the notification's schema.
import { describe, expect, it } from 'vitest';
import { formMessageForIssue, wireIssues } from '@/forms/form-messages';
import type { NotificationForEditor } from '../notifications';
import { NotificationInput } from '../notifications.inputs';
import { draftOf, EMPTY_DRAFT, notificationOf, type Draft } from './composer-draft';

const texts = { title: { en: 'Doors', de: 'Einlass' }, body: { en: 'At eight', de: 'Um acht' }, link: '/vip' };

function saved(audience: NotificationForEditor['audience'], email: NotificationForEditor['email'] = 'off'): NotificationForEditor {
  const created = new Date('2026-11-27T10:00:00Z');
  return { id: 'n1', ...texts, link: null, audience, email, status: 'draft', scheduledAt: null, scheduledWallTime: null, sentAt: null, startedAt: null, createdAt: created, recipients: null, failure: null, delivered: null, sentBy: null };
}

describe('composer draft', () => {
  // What another choice left on screen: a role picked, then a person, weeks typed, then the members.
  const typed: Draft = { ...texts, audience: 'members', role: 'admin', people: [{ uid: 'u1', label: 'Ada' }], weeks: '12', email: 'off' };

  it.each([
    ['members', { kind: 'members' }],
    ['everyone', { kind: 'everyone' }],
    ['role', { kind: 'role', role: 'admin' }],
    ['people', { kind: 'people', uids: ['u1'] }],
    ['lapsed', { kind: 'lapsed', weeks: 12 }],
  ] as const)('sends to %s only the audience chosen', (audience, sent) => {
    expect(notificationOf({ ...typed, audience })).toEqual({ ...texts, audience: sent, email: 'off' });
  });

  it('sends the e-mail channel chosen', () => {
    expect(notificationOf({ ...typed, email: 'withoutPush' }).email).toBe('withoutPush');
    expect(notificationOf({ ...typed, email: 'optedIn' }).email).toBe('optedIn');
  });

  it('starts a new notification for the members, not by e-mail, with nothing typed', () => {
    expect(notificationOf(EMPTY_DRAFT)).toEqual({ title: { en: '', de: '' }, body: { en: '', de: '' }, link: '', audience: { kind: 'members' }, email: 'off' });
  });

  it('opens a saved notification with its texts, link, audience and channel', () => {
    expect(draftOf(saved({ kind: 'people', uids: ['u1', 'u2'] }))).toEqual({ ...texts, link: '', audience: 'people', role: 'user', people: [{ uid: 'u1', label: 'u1' }, { uid: 'u2', label: 'u2' }], weeks: '8', email: 'off' });
    expect(notificationOf(draftOf(saved({ kind: 'role', role: 'scanner' }, 'optedIn')))).toEqual({ ...texts, link: '', audience: { kind: 'role', role: 'scanner' }, email: 'optedIn' });
    expect(draftOf(saved({ kind: 'lapsed', weeks: 26 }, 'withoutPush'))).toMatchObject({ audience: 'lapsed', weeks: '26', email: 'withoutPush' });
  });

  it('takes whole weeks from 1 to 52 as typed, and says at the field what is wrong with anything else', () => {
    const refusal = (weeks: string) => {
      const parsed = NotificationInput.safeParse(notificationOf({ ...typed, audience: 'lapsed', weeks }));
      if (parsed.success) return parsed.data.audience;
      const [issue] = wireIssues(parsed.error.issues);
      return { at: issue!.path.join('.'), ...formMessageForIssue(issue!) };
    };
    expect(['1', '8', ' 52 '].map(refusal)).toEqual([1, 8, 52].map((weeks) => ({ kind: 'lapsed', weeks })));
    expect(['0', '53', '', '4.5', '1e1', 'eight'].map(refusal)).toEqual([
      { at: 'audience.weeks', key: 'tooSmall', values: { min: 1 } },
      { at: 'audience.weeks', key: 'tooLarge', values: { max: 52 } },
      { at: 'audience.weeks', key: 'required' },
      { at: 'audience.weeks', key: 'wholeNumber' },
      { at: 'audience.weeks', key: 'numeric' },
      { at: 'audience.weeks', key: 'numeric' },
    ]);
  });
});
