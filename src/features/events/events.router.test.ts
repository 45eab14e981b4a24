import { describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { createContextInner } from '@/server/trpc/context';
import { handleTrpcRequest } from '@/app/_server/http';
import { createCaller } from '@/app/_server/router';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import type { Identity } from '@/access/identity';
import { eventForm } from './test-event';

const admin: Identity = { uid: 'admin-1', email: 'admin@example.org', emailVerified: true, displayName: 'Admin', photoURL: null, role: 'admin' };

const form = eventForm({
  title: { en: 'Dock Party', de: 'Dockparty' },
  doorsAt: '2030-03-01T20:00',
  startsAt: '2030-03-01T21:00',
  endsAt: '2030-03-02T02:00',
});

function caller() {
  const changes: string[] = [];
  const context = createContextInner({ documents: new SqliteDocuments(':memory:'), identity: admin, publicPages: { eventsChanged: () => changes.push('events') } });
  return { api: createCaller(context), changes, context };
}

/** What the browser's tRPC client receives as the error's data when a call over HTTP is refused. */
async function refusalData(context: ReturnType<typeof createContextInner>, procedure: string, input: unknown) {
  const request = new Request(`http://localhost:3000/api/trpc/${procedure}`, {
    method: 'POST',
    headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'content-type': 'application/json' },
    body: JSON.stringify(superjson.serialize(input)),
  });
  const response = await handleTrpcRequest(request, () => Promise.resolve(context));
  return ((await response.json()) as { error: { json: { data: Record<string, unknown> } } }).error.json.data;
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
      cause: { reason: 'slugTaken', params: { slug: 'dock-party', event: 'Dock Party' }, field: 'slug' },
    });
  });

  it('tells the client which field of the form a refusal concerns, also when the form is nested in the input', async () => {
    const { api, context } = caller();
    await api.events.create({ ...form, slug: 'dock-party' });
    const other = await api.events.create({ ...form, slug: 'harbour-night' });
    expect(await refusalData(context, 'events.create', { ...form, slug: 'dock-party' })).toMatchObject({
      code: 'CONFLICT',
      reason: 'slugTaken',
      reasonParams: { slug: 'dock-party', event: 'Dock Party' },
      reasonField: 'slug',
    });
    // The field is a path into the event form, not into the update's envelope around it.
    expect(await refusalData(context, 'events.update', { id: other.id, event: { ...form, endsAt: '2030-03-01T20:00' } })).toMatchObject({
      code: 'BAD_REQUEST',
      reason: 'endBeforeStart',
      reasonField: 'endsAt',
    });
    expect(await refusalData(context, 'events.update', { id: other.id, event: { ...form, doorsAt: '2030-03-01T22:00' } })).toMatchObject({ reasonField: 'doorsAt' });
    expect(await refusalData(context, 'events.update', { id: other.id, event: { ...form, coverImageId: 'gone' } })).toMatchObject({ reason: 'coverNotFound', reasonField: 'coverImageId' });
    // A refusal that concerns no field of the form names none.
    expect(await refusalData(context, 'events.update', { id: 'no-such-event', event: form })).toMatchObject({ reason: 'eventNotFound', reasonField: null });
  });
});
