// The admins' ban procedures over HTTP and the caller: a ban's days travel as dates, a refusal
// names its field (the form shows it there) in both languages, and the reason reaches admins only.
import { beforeEach, describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { createContextInner } from '@/server/trpc/context';
import { handleTrpcRequest } from '@/app/_server/http';
import { createCaller } from '@/app/_server/router';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { errorMessages } from '@/i18n/api-messages';
import type { Identity } from '@/access/identity';
import { Bans } from './bans';

const DAY = 24 * 60 * 60 * 1000;
const admin = { ...testPerson('admin', 'admin'), displayName: 'Boss' };
const scanner = testPerson('door', 'scanner');

describe('bans router', () => {
  let documents: SqliteDocuments;
  const context = (identity: Identity = admin) => createContextInner({ documents, identity });
  const api = (identity?: Identity) => createCaller(context(identity));

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    for (const who of [admin, scanner, testPerson('mia')]) await addTestUser(documents, who);
  });

  it('bans, shows, lists and lifts for an admin', async () => {
    const until = new Date(Date.now() + 7 * DAY);
    const ban = await api().bans.set({ person: { kind: 'account', uid: 'mia' }, reason: '  Fought at the bar ', until });
    expect(ban).toMatchObject({ reason: 'Fought at the bar', until, state: 'holding', createdByName: 'Boss' });
    expect((await api().bans.ofPerson({ uid: 'mia' })).account?.id).toBe(ban.id);
    expect((await api().bans.list()).map((each) => each.id)).toEqual([ban.id]);
    await api().bans.lift({ id: ban.id });
    expect(await api().bans.list()).toEqual([]);
  });

  it('gives door staff neither the list nor a person’s ban, so never a reason', async () => {
    await api().bans.set({ person: { kind: 'account', uid: 'mia' }, reason: 'Fought at the bar' });
    await expect(api(scanner).bans.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(api(scanner).bans.ofPerson({ uid: 'mia' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers an end before the start with a 400 that names the field, in both languages, and writes nothing', async () => {
    const from = new Date(Date.now() + 3 * DAY);
    const request = new Request('http://localhost:3000/api/trpc/bans.set', {
      method: 'POST',
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'content-type': 'application/json', 'x-locale': 'de' },
      body: JSON.stringify(superjson.serialize({ person: { kind: 'account', uid: 'mia' }, reason: 'Fought', from, until: new Date(from.getTime() - DAY) })),
    });
    const response = await handleTrpcRequest(request, () => Promise.resolve(context()));
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { json: { data: { reason: string; reasonField: string } } } };
    expect(error.json.data).toMatchObject({ reason: 'banEndBeforeStart', reasonField: 'until' });
    expect(errorMessages('de')('reasons.banEndBeforeStart')).toMatch(/Hausverbot/);
    expect(await documents.collection(Bans).count()).toBe(0);
  });
});
