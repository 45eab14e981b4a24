// Benchmark of the public live feed's fan-out. Prints figures; asserts nothing.
//   npm run bench:live-fanout
// In one process, against the real tRPC handler and the embedded documents adapter: 1, 100 and
// 1,000 open `events.live` streams (server-sent events, each from its own client address), then
// changes to one event made through the API. The figure is the server's time per change: from the
// write until every open stream has received the new list (the process is single-threaded, so
// this is time the server can do nothing else), and the process's CPU time per change, which
// depends less on what else the machine is doing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { SqliteDocuments } from '../../src/server/documents/embedded/sqlite-documents';
import { createContextInner } from '../../src/server/trpc/context';
import { appRouter, createCaller } from '../../src/server/trpc/router';
import type { EventInput } from '../../src/features/events/event-input';

const EVENTS = 60;
const CHANGES = 20;
const STREAMS = [1, 100, 1000];

const dir = mkdtempSync(join(tmpdir(), 'bench-live-fanout-'));
const documents = new SqliteDocuments(join(dir, 'documents.sqlite'));
const admin = createCaller(
  createContextInner({
    documents,
    identity: { uid: 'bench-admin', email: 'admin@example.org', emailVerified: true, displayName: 'Admin', photoURL: null, role: 'admin' },
  }),
);

function form(i: number, title = `Night ${i}`): EventInput {
  const day = String((i % 28) + 1).padStart(2, '0');
  return {
    slug: `night-${i}`,
    title: { en: title, de: title },
    summary: { en: 'A night at the venue.', de: 'Eine Nacht im Club.' },
    description: { en: 'Music until late. '.repeat(20), de: 'Musik bis spät. '.repeat(20) },
    doorsAt: `2030-${String((i % 12) + 1).padStart(2, '0')}-${day}T20:00`,
    startsAt: `2030-${String((i % 12) + 1).padStart(2, '0')}-${day}T21:00`,
    endsAt: `2030-${String((i % 12) + 1).padStart(2, '0')}-${day}T23:30`,
    venue: { name: 'Nordlicht', address: 'Kaistraße 7' },
    capacity: 300,
    drinkAllowance: 2,
    barMenu: { en: '', de: '' },
    coverImageId: null,
  };
}

/** One open stream: counts the data events it has received. */
interface Stream {
  received: number;
  abort: AbortController;
}

async function open(index: number): Promise<Stream> {
  const abort = new AbortController();
  const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const request = new Request('http://localhost/api/trpc/events.live', { signal: abort.signal, headers: { 'x-forwarded-for': address } });
  const response = await fetchRequestHandler({
    endpoint: '/api/trpc',
    req: request,
    router: appRouter,
    // clientAddress is read by the code with per-address stream limits; older code ignores it.
    createContext: () => createContextInner({ documents, identity: null, clientAddress: address } as Parameters<typeof createContextInner>[0]),
  });
  const stream: Stream = { received: 0, abort };
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      // Each list arrives as one event with an id (tracked): count the ids.
      stream.received += value!.split('\nid: ').length - 1 + (value!.startsWith('id: ') ? 1 : 0);
    }
  })();
  return stream;
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

async function main() {
  const ids: string[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const saved = await admin.events.create(form(i));
    await admin.events.changeStatus({ id: saved.id, action: 'publish' });
    ids.push(saved.id);
  }
  console.log(`Public live feed, ${EVENTS} published events, ${CHANGES} changes per row`);
  for (const count of STREAMS) {
    const streams: Stream[] = [];
    for (let i = 0; i < count; i++) streams.push(await open(i));
    await until(() => streams.every((stream) => stream.received >= 1));
    const times: number[] = [];
    const cpuStart = process.cpuUsage();
    for (let change = 0; change < CHANGES; change++) {
      const expected = streams[0]!.received + 1;
      const start = performance.now();
      await admin.events.update({ id: ids[change % ids.length]!, event: form(change % ids.length, `Night ${change} (${count})`) });
      await until(() => streams.every((stream) => stream.received >= expected));
      times.push(performance.now() - start);
    }
    const cpu = process.cpuUsage(cpuStart);
    for (const stream of streams) stream.abort.abort();
    times.sort((a, b) => a - b);
    const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
    console.log(
      `${String(count).padStart(5)} open streams: ${mean.toFixed(1)} ms per change (p50 ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms; CPU ${((cpu.user + cpu.system) / 1000 / CHANGES).toFixed(1)} ms per change)`,
    );
    // Let the closed streams wind down before the next row.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await documents.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
