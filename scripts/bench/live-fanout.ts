// Benchmark of the public live feed's fan-out. Prints figures; asserts nothing.
//   npm run bench:live-fanout
// In one process, against the real tRPC handler and the embedded documents adapter: 1, 100 and
// 1,000 open streams, all from one client address (a venue's Wi-Fi), each a browser's one live
// stream (GET /api/live, decision 041) carrying the public programme, then changes to one event
// made through the API. The figure is the server's time per change: from the write until every
// open stream has received the new list (the process is single-threaded, so this is time the
// server can do nothing else), and the process's CPU time per change, which depends less on what
// else the machine is doing. Beside it, the figures of the code before decision 041 (one stream
// per feed, each from its own address, as one address could open only 32).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDocuments } from '../../src/server/documents/embedded/sqlite-documents';
import { createContextInner } from '../../src/server/trpc/context';
import { createCaller } from '../../src/app/_server/router';
import { streamRequest } from '../../src/app/_server/test-stream';
import { handleLiveRequest } from '../../src/features/live/live-endpoint';
import { LIVE_FEEDS } from '../../src/app/_server/live-feeds';
import type { EventInput } from '../../src/features/events/events.inputs';

const EVENTS = 60;
const CHANGES = 20;
const STREAMS = process.env.BENCH_STREAMS ? process.env.BENCH_STREAMS.split(",").map(Number) : [1, 100, 1000];
const ADDRESS = '203.0.113.50';

/**
 * Measured on this kind of machine at 41c114d, before one stream carried all feeds: `events.live`
 * streams each from its own address (ms per change, mean; CPU ms per change).
 */
const BEFORE: Record<number, { mean: number; cpu: number }> = {
  1: { mean: 24.7, cpu: 29.4 },
  100: { mean: 144.5, cpu: 164.6 },
  1000: { mean: 1412.2, cpu: 1619.5 },
};

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
    guestsPerMember: 1,
    guestDrinks: 0,
    publicTickets: 0,
    coverImageId: null,
  };
}

/** One open stream: counts the data events it has received. */
interface Stream {
  received: number;
  abort: AbortController;
}

async function open(): Promise<Stream> {
  const abort = new AbortController();
  const request = streamRequest([{ key: 'programme', feed: 'events.live' }], { address: ADDRESS, signal: abort.signal });
  const response = await handleLiveRequest(request, LIVE_FEEDS, async () => createContextInner({ documents, identity: null, clientAddress: ADDRESS }), createCaller);
  const stream: Stream = { received: 0, abort };
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let carry = '';
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      // Each list arrives as one message naming its feed: count those (across chunk borders).
      const text = carry + value!;
      stream.received += text.split('"key":"programme"').length - 1;
      carry = text.slice(-20);
      if (carry.includes('"key":"programme"')) carry = '';
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
  console.log(`Public live feed, ${EVENTS} published events, ${CHANGES} changes per row; all streams from ${ADDRESS}`);
  for (const count of STREAMS) {
    const streams: Stream[] = [];
    for (let i = 0; i < count; i++) streams.push(await open());
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
    const before = BEFORE[count];
    console.log(
      `${String(count).padStart(5)} open streams: ${mean.toFixed(1)} ms per change (p50 ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms; CPU ${((cpu.user + cpu.system) / 1000 / CHANGES).toFixed(1)} ms per change)` +
        (before ? `; before: ${before.mean.toFixed(1)} ms, CPU ${before.cpu.toFixed(1)} ms` : ''),
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
