// Malformed input, generated from the router: every procedure is called as an admin through the
// real HTTP handler with junk in place of its input and of each field of a valid example, and
// must answer with a 4xx, never a 5xx. A new procedure is covered without a change here; when
// its input has a shape this file cannot make an example for, the test says so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type { Identity } from '@/access/identity';
import { seedDemoData } from '@/app/_server/demo/seed';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { DiskFiles } from '@/server/files/embedded/disk-files';
import { probeImage } from '@/server/images/probe';
import { importImage } from '@/features/images/image-library';
import { createEvent } from '@/features/events/event-admin';
import { Events } from '@/features/events/events';
import { eventForm } from '@/features/events/test-event';
import type { Accounts } from '@/server/accounts/port';
import { createContextInner } from '@/server/trpc/context';
import { handleTrpcRequest } from './http';
import { appRouter } from './router';

// The embedded upload claims keep partial uploads under DATA_DIR; this test's own folder.
const dataDir = await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'malformed-'));
  process.env.DATA_DIR = dir;
  return dir;
});
const filesRoot = mkdtempSync(join(tmpdir(), 'malformed-files-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(filesRoot, { recursive: true, force: true });
});

const ORIGIN = 'http://localhost:3000';
const admin: Identity = { uid: 'demo-admin', email: 'admin@nordlicht.example', emailVerified: true, displayName: 'Alex Admin', photoURL: null, role: 'admin' };

/** A one-time link as Firebase makes one, for the procedures that mail them. */
const actionLink = async (kind: string) => `https://demo-venue.firebaseapp.com/__/auth/action?mode=${kind}&oobCode=fuzz-code&apiKey=fuzz-key`;
/** Sign-in accounts that accept every change (whatever the port grows): no emulator here. */
const accounts = new Proxy({}, { get: (_, name) => (name === 'actionLink' ? actionLink : async () => true) }) as Accounts;
const documents = new SqliteDocuments(':memory:');
const files = new DiskFiles(filesRoot, ORIGIN);
const context = () => Promise.resolve(createContextInner({ documents, accounts, files: () => files, identity: admin, publicPages: { eventsChanged: () => {} } }));

// Ids of documents that exist, so examples reach past "not found" into the procedures' work.
const EVENT_ID = 'fuzz-event';
const IMAGE_ID = 'fuzz-image';
const USER_ID = 'demo-member';

const VALID_EVENT = eventForm({ coverImageId: IMAGE_ID });

/**
 * Examples for inputs a generated value would not pass (patterns, cross-field rules) or should
 * name existing documents. Any other procedure gets an example made from its schema.
 */
const EXAMPLES: Record<string, unknown> = {
  'events.get': { id: EVENT_ID },
  'events.create': VALID_EVENT,
  'events.update': { id: EVENT_ID, event: VALID_EVENT },
  'events.changeStatus': { id: EVENT_ID, action: 'publish' },
  'events.duplicate': { id: EVENT_ID },
  'images.update': { id: IMAGE_ID, alt: { en: 'Stage', de: 'Bühne' }, tags: ['gallery'] },
  'images.remove': { id: IMAGE_ID },
  'users.get': { uid: USER_ID },
  'users.setRole': { uid: USER_ID, role: 'scanner' },
  // The person-page branch of the union (the generated example takes the request branch's shape).
  'memberships.approve': { uid: 'demo-guest', validUntil: new Date(Date.UTC(2099, 0, 1)), note: 'Friend of the house' },
  'users.setDisabled': { uid: USER_ID, disabled: false },
  'users.signOutEverywhere': { uid: USER_ID },
  'door.scan': { eventId: EVENT_ID, mode: 'entry', code: 'NL1.AAAAAAAAAAAAAAAA.1.AAAAAAAAAAAAAAAA', nonce: 'fuzz-nonce-1', source: 'camera', device: 'Front door' },
  'door.admit': { eventId: EVENT_ID, uid: USER_ID, nonce: 'fuzz-nonce-2', device: 'Front door' },
  'door.admitAnyway': { eventId: EVENT_ID, fullNonce: 'fuzz-nonce-4', nonce: 'fuzz-nonce-5', device: 'Front door', reason: 'Fire marshal agreed' },
  'door.search': { eventId: EVENT_ID, query: 'member' },
  'door.list': { eventId: EVENT_ID },
  'door.upload': {
    decisions: [{ eventId: EVENT_ID, nonce: 'fuzz-nonce-3', mode: 'entry', source: 'camera', code: 'NL1.AAAAAAAAAAAAAAAA.1.AAAAAAAAAAAAAAAA', verdict: 'admitted', decidedAt: new Date(0), device: 'Front door', listAt: new Date(0) }],
  },
  'door.activity': { eventId: EVENT_ID },
  'door.night': { eventId: EVENT_ID },
  'door.rotatePass': { uid: USER_ID },
  'pass.register': { publicKey: 'B'.repeat(87) },
  // The branches the generated example would not reach: the lapsed members' weeks and the e-mail channel.
  'notifications.save': { id: null, notification: { title: { en: 'We miss you', de: 'Wir vermissen dich' }, body: { en: 'Friday?', de: 'Freitag?' }, link: '/events', audience: { kind: 'lapsed', weeks: 8 }, email: 'optedIn' } },
  'notifications.schedule': { id: 'some-notification', at: '2026-12-24T18:00' },
  'mail.sendSignInLink': { email: 'fuzz@example.org', locale: 'en' },
  'mail.sendPasswordReset': { email: 'fuzz@example.org', locale: 'de' },
  'profile.updateMail': { announcements: true, digest: false, nightSummary: false },
  // A ticket's id and link secret have fixed lengths the generated 'sample' misses.
  'guests.bring': { eventId: EVENT_ID, name: 'Kai', email: 'kai@example.org' },
  'guests.cancel': { ticketId: 'AAAAAAAAAAAAAAAA' },
  'tickets.get': { id: 'AAAAAAAAAAAAAAAA', key: 'A'.repeat(32) },
  'tickets.cancel': { id: 'AAAAAAAAAAAAAAAA', key: 'A'.repeat(32) },
  'push.register': { target: { kind: 'webpush', endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } }, lang: 'en' },
  // The event's tickets, named by the created event (a draft: taking, adding and cancelling are refused past the input).
  'publicTickets.availability': { eventId: EVENT_ID },
  'publicTickets.mine': { eventId: EVENT_ID },
  'publicTickets.take': { eventId: EVENT_ID },
  'publicTickets.leave': { eventId: EVENT_ID },
  'ticketAdmin.list': { eventId: EVENT_ID, kind: 'guestList', cursor: null },
  'ticketAdmin.waitlist': { eventId: EVENT_ID },
  'ticketAdmin.addGuestListEntry': { eventId: EVENT_ID, name: 'Kai', email: 'kai@example.org', party: 3, locale: 'de' },
  'ticketAdmin.cancel': { ticketId: 'AAAAAAAAAAAAAAAA' },
  // A guest by address (the generated example takes the account branch, whose uid is no account).
  'bans.set': { person: { kind: 'email', email: 'fuzz-banned@example.org', name: 'Kai' }, reason: 'Fought at the bar', from: null, until: new Date(Date.UTC(2099, 0, 1)) },
  'bans.ofPerson': { uid: USER_ID },
  'bans.lift': { id: 'account_demo-member' },
};

type Def = { type: string; [key: string]: unknown };
function defOf(schema: unknown): Def {
  return (schema as { _zod: { def: Def } })._zod.def;
}

/** A plain value the schema should accept: the first choice of everything, strings of letters. */
function sampleOf(schema: unknown): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape as Record<string, unknown>).map(([key, field]) => [key, sampleOf(field)]));
    case 'string':
      return 'sample';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'date':
      return new Date();
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
      return [sampleOf(def.element)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return sampleOf(def.innerType);
    case 'pipe':
      return sampleOf(def.in);
    case 'union':
      return sampleOf((def.options as unknown[])[0]);
    default:
      return undefined;
  }
}

const deeplyNested = (() => {
  let value: unknown = 'bottom';
  for (let depth = 0; depth < 200; depth++) value = { junk: [value] };
  return value;
})();

/** What a hostile or broken client might put where a value belongs. */
const JUNK: Array<[string, unknown]> = [
  ['null', null],
  ['zero', 0],
  ['negative', -1],
  ['fraction', 1.5],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['huge number', 1e308],
  ['true', true],
  ['empty string', ''],
  ['blank', '   '],
  ['huge string', 'x'.repeat(100_000)],
  ['over 1500 bytes', '€'.repeat(600)],
  ['path traversal', '../../etc/passwd'],
  ['slash', 'a/b'],
  ['dot', '.'],
  ['dot dot', '..'],
  ['reserved id', '__x__'],
  ['NUL', 'a\u0000b'],
  ['lone surrogate', '\uD800'],
  ['markup', '<script>alert(1)</script>'],
  ['quote', "' OR '1'='1"],
  ['empty array', []],
  ['array of junk', [null, 1, 'x', {}]],
  ['empty object', {}],
  ['nested junk', { a: { b: [{ c: null }] } }],
  ['deeply nested', deeplyNested],
  ['date', new Date(0)],
  ['bigint', BigInt(1)],
  ['map', new Map([['a', 1]])],
  ['set', new Set([1])],
  ['regexp', /x/],
];

interface Attempt {
  name: string;
  input: unknown;
  /** The request body as sent, for what superjson refuses to write. */
  raw?: string;
}

/** The example with keys it does not have, __proto__ among them (superjson would not send that). */
function withExtraKeys(example: unknown): string {
  const { json, meta } = superjson.serialize(example);
  const extra = '"extra":"x","constructor":"x","__proto__":{"role":"admin"}';
  const body = json && typeof json === 'object' && !Array.isArray(json) ? JSON.stringify(json).replace(/^\{/, `{${extra},`).replace(/,\}$/, '}') : `{${extra}}`;
  return `{"json":${body}${meta ? `,"meta":${JSON.stringify(meta)}` : ''}}`;
}

/** Paths to every value inside an example, objects and arrays included. */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || value instanceof Date) return [prefix];
  const children = Object.entries(value).flatMap(([key, child]) => pathsOf(child, [...prefix, key]));
  return [prefix, ...children];
}

function replaced(value: unknown, path: string[], replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as unknown as Record<string, unknown>) : { ...(value as Record<string, unknown>) };
  const [key, ...rest] = path as [string, ...string[]];
  if (remove && rest.length === 0) delete copy[key];
  else copy[key] = replaced(copy[key], rest, replacement, remove);
  return copy;
}

function attemptsFor(example: unknown): Attempt[] {
  const attempts: Attempt[] = [
    { name: 'no input', input: undefined },
    { name: 'extra keys', input: undefined, raw: withExtraKeys(example) },
  ];
  for (const path of pathsOf(example)) {
    const where = path.length ? path.join('.') : 'input';
    if (path.length) attempts.push({ name: `${where} missing`, input: replaced(example, path, undefined, true) });
    for (const [junk, value] of JUNK) attempts.push({ name: `${where} = ${junk}`, input: replaced(example, path, value) });
  }
  return attempts;
}

type Procedure = { _def: { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] } };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>);

function exampleFor(path: string, procedure: Procedure): unknown {
  if (path in EXAMPLES) return EXAMPLES[path];
  const [input] = procedure._def.inputs;
  return input === undefined ? undefined : sampleOf(input);
}

function requestFor(path: string, type: Procedure['_def']['type'], { input, raw }: Attempt, signal?: AbortSignal): Request {
  const serialized = raw ?? (input === undefined ? undefined : JSON.stringify(superjson.serialize(input)));
  const headers = { origin: ORIGIN, host: 'localhost:3000' };
  if (type === 'mutation') {
    return new Request(`${ORIGIN}/api/trpc/${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: serialized, signal });
  }
  const query = serialized === undefined ? '' : `?input=${encodeURIComponent(serialized)}`;
  return new Request(`${ORIGIN}/api/trpc/${path}${query}`, { headers, signal });
}

/** The status of a call, and for a live stream the code of its first error event, if any. */
async function outcome(request: Request, controller?: AbortController): Promise<{ status: number; body: string }> {
  const response = await handleTrpcRequest(request, context);
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) return { status: response.status, body: await response.text() };
  // A live stream answers 200 at once; its first message is the data or the error.
  const reader = response.body!.getReader();
  let body = '';
  const decoder = new TextDecoder();
  while (!/\n\n/.test(body.replace(/^: .*\n\n/gm, ''))) {
    const { value, done } = await reader.read();
    if (done) break;
    body += decoder.decode(value, { stream: true });
  }
  controller?.abort();
  await reader.cancel().catch(() => {});
  return { status: response.status, body };
}

function isServerError({ status, body }: { status: number; body: string }): boolean {
  return status >= 500 || body.includes('INTERNAL_SERVER_ERROR');
}

beforeAll(async () => {
  await seedDemoData(documents, accounts);
  const png = new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffefc1' } }).png().toBuffer());
  await importImage({ documents, files, probe: probeImage }, admin.uid, { id: IMAGE_ID, fileName: 'fuzz.png', bytes: png, alt: { en: 'x', de: 'x' }, tags: ['cover'] });
  // The examples name the event by a fixed id: the created one is copied there.
  const { id } = await createEvent(documents, admin, eventForm());
  const created = await documents.collection(Events).doc(id).get();
  await documents.collection(Events).doc(EVENT_ID).set(created.data!);
}, 60_000);

describe('malformed input never causes a server error', () => {
  it('has procedures to try', () => {
    expect(procedures.length).toBeGreaterThan(0);
  });

  for (const [path, procedure] of procedures) {
    const [schema] = procedure._def.inputs;
    it(`${path}: its example input is accepted, so junk in each field reaches the procedure`, () => {
      if (!schema) return;
      const result = (schema as z.ZodType).safeParse(exampleFor(path, procedure));
      expect(result.success, `add a valid example for ${path} to EXAMPLES: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    });

    it(`${path}: answers every malformed input with a 4xx`, { timeout: 120_000 }, async () => {
      const failures: string[] = [];
      for (const attempt of attemptsFor(exampleFor(path, procedure))) {
        const controller = new AbortController();
        const result = await outcome(requestFor(path, procedure._def.type, attempt, controller.signal), controller);
        if (isServerError(result)) failures.push(`${attempt.name}: ${result.status} ${result.body.slice(0, 160)}`);
      }
      expect(failures).toEqual([]);
    });
  }
});

describe('malformed requests never cause a server error', () => {
  const post = (path: string, body: BodyInit, type?: string) =>
    new Request(`${ORIGIN}/api/trpc/${path}`, { method: 'POST', headers: { origin: ORIGIN, host: 'localhost:3000', ...(type ? { 'content-type': type } : {}) }, body });
  const get = (path: string) => new Request(`${ORIGIN}/api/trpc/${path}`, { headers: { host: 'localhost:3000' } });
  const form = new FormData();
  form.set('id', '../../etc/passwd');

  it.each([
    ['broken JSON', () => post('events.duplicate', '{not json', 'application/json')],
    ['unknown superjson transformation', () => post('events.duplicate', JSON.stringify({ json: { id: 'x' }, meta: { values: { id: ['bogus'] } } }), 'application/json')],
    ['superjson date that is no date', () => post('events.update', JSON.stringify({ json: { id: EVENT_ID, event: VALID_EVENT, loadedUpdatedAt: 'junk' }, meta: { values: { loadedUpdatedAt: ['Date'] } } }), 'application/json')],
    ['form data', () => post('events.duplicate', form)],
    ['octet stream', () => post('events.duplicate', 'junk', 'application/octet-stream')],
    ['text', () => post('events.duplicate', 'junk', 'text/plain')],
    ['broken query input', () => get(`events.get?input=${encodeURIComponent('{bad')}`)],
    ['batch of a non-object', () => get(`events.get,users.get?batch=1&input=${encodeURIComponent('[1]')}`)],
    ['batch of mixed kinds', () => post('events.duplicate,events.get?batch=1', '{}', 'application/json')],
    ['unknown procedure', () => get('events.nothing')],
    ['query sent as a mutation', () => post('events.get', '{}', 'application/json')],
    ['mutation sent as a query', () => get('events.duplicate')],
  ])('%s', async (_, request) => {
    const result = await outcome(request());
    expect(isServerError(result), `${result.status} ${result.body.slice(0, 200)}`).toBe(false);
  });
});
