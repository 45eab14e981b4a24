import { describe, expect, it } from 'vitest';
import { createContextInner } from '@/server/trpc/context';
import { createCaller } from '@/server/trpc/router';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import type { Identity } from '@/features/identity/identity';
import type { EventInput } from './event-input';

const admin: Identity = { uid: 'admin-1', email: 'admin@example.org', emailVerified: true, displayName: 'Admin', photoURL: null, role: 'admin' };

const form: EventInput = {
  slug: '',
  title: { en: 'Dock Party', de: 'Dockparty' },
  summary: { en: 'By the docks.', de: 'An den Docks.' },
  description: { en: '', de: '' },
  doorsAt: '2030-03-01T20:00',
  startsAt: '2030-03-01T21:00',
  endsAt: '2030-03-02T02:00',
  venue: { name: 'Nordlicht', address: 'Kaistraße 7' },
  capacity: 100,
  drinkAllowance: 2,
  coverImageId: null,
};

function caller() {
  const changes: string[] = [];
  const api = createCaller(
    createContextInner({ documents: new SqliteDocuments(':memory:'), identity: admin, publicPages: { eventsChanged: () => changes.push('events') } }),
  );
  return { api, changes };
}

describe('events router', () => {
  it('renders the cached event pages afresh after every change an admin makes, and only then', async () => {
    const { api, changes } = caller();
    const saved = await api.events.create(form);
    expect(changes).toHaveLength(1);
    await api.events.update({ id: saved.id, event: { ...form, slug: 'dock-party-spring' } });
    await api.events.changeStatus({ id: saved.id, action: 'publish' });
    await api.events.duplicate({ id: saved.id });
    expect(changes).toHaveLength(4);
    await api.events.list({ filter: 'all' });
    await api.events.get({ id: saved.id });
    expect(changes).toHaveLength(4);
    // A refused change changes nothing, so nothing is rendered again.
    await expect(api.events.create({ ...form, slug: 'dock-party-spring' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(changes).toHaveLength(4);
  });

  it('reports a refusal with its reason and the values its message names', async () => {
    const { api } = caller();
    await api.events.create({ ...form, slug: 'dock-party' });
    await expect(api.events.create({ ...form, slug: 'dock-party' })).rejects.toMatchObject({
      code: 'CONFLICT',
      cause: { reason: 'slugTaken', params: { slug: 'dock-party', event: 'Dock Party' } },
    });
  });
});
