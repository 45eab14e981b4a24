// The composer saves what is on screen: the audience it shows becomes the audience sent, and a
// saved notification opens with what it was saved with.
import { describe, expect, it } from 'vitest';
import type { NotificationForEditor } from '../notifications';
import { draftOf, EMPTY_DRAFT, notificationOf, type Draft } from './composer-draft';

const texts = { title: { en: 'Doors', de: 'Einlass' }, body: { en: 'At eight', de: 'Um acht' }, link: '/vip' };

function saved(audience: NotificationForEditor['audience']): NotificationForEditor {
  const created = new Date('2026-11-27T10:00:00Z');
  return { id: 'n1', ...texts, link: null, audience, status: 'draft', scheduledAt: null, scheduledWallTime: null, sentAt: null, startedAt: null, createdAt: created, recipients: null, failure: null, delivered: null, sentBy: null };
}

describe('composer draft', () => {
  // What another choice left on screen: a role picked, then a person, then the members.
  const typed: Draft = { ...texts, audience: 'members', role: 'admin', people: [{ uid: 'u1', label: 'Ada' }] };

  it.each([
    ['members', { kind: 'members' }],
    ['everyone', { kind: 'everyone' }],
    ['role', { kind: 'role', role: 'admin' }],
    ['people', { kind: 'people', uids: ['u1'] }],
  ] as const)('sends to %s only the audience chosen', (audience, sent) => {
    expect(notificationOf({ ...typed, audience })).toEqual({ ...texts, audience: sent });
  });

  it('starts a new notification for the members, with nothing typed', () => {
    expect(notificationOf(EMPTY_DRAFT)).toEqual({ title: { en: '', de: '' }, body: { en: '', de: '' }, link: '', audience: { kind: 'members' } });
  });

  it('opens a saved notification with its texts, link and audience', () => {
    expect(draftOf(saved({ kind: 'people', uids: ['u1', 'u2'] }))).toEqual({ ...texts, link: '', audience: 'people', role: 'user', people: [{ uid: 'u1', label: 'u1' }, { uid: 'u2', label: 'u2' }] });
    expect(notificationOf(draftOf(saved({ kind: 'role', role: 'scanner' })))).toEqual({ ...texts, link: '', audience: { kind: 'role', role: 'scanner' } });
  });
});
