// Benchmark of the live feeds' fan-out. Prints figures; asserts nothing.
//   npm run bench:live-fanout           (BENCH_PART=programme or admissions: one part alone)
// Part 1, the public programme:
// In one process, against the real tRPC handler and the embedded documents adapter: 1, 100 and
// 1,000 open streams, all from one client address (a venue's Wi-Fi), each a browser's one live
// stream (GET /api/live, decision 041) carrying the public programme, then changes to one event
// made through the API. The figure is the server's time per change: from the write until every
// open stream has received the new list (the process is single-threaded, so this is time the
// server can do nothing else), and the process's CPU time per change, which depends less on what
// else the machine is doing. Beside it, the figures of the code before decision 041 (one stream
// per feed, each from its own address, as one address could open only 32).
// Part 2, admissions while members' pass screens are open (issue 47): 500 members, then 100
// admissions by hand one after another with none of their pass screens open, then 100 more while
// all 500 have the pass open (each browser's one stream carrying pass.night and inbox.live, the
// header's badge). Per admission: the store reads (counted as Firestore bills them, through a
// counting wrapper of the documents port) and the process's CPU time, from the admission until
// every feed it woke has read again; both rows in this run, and their ratio beside its goal. The
// CPU is also given net of what the process spends while idle with the same streams open (their
// sessions checked again every 10 s, their pings), measured just before the row: raw and net.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDocuments } from '../../src/server/documents/embedded/sqlite-documents';
import { createContextInner } from '../../src/server/trpc/context';
import { createCaller } from '../../src/app/_server/router';
import { readStream, streamRequest, type OpenStream } from '../../src/app/_server/test-stream';
import { recordingDocuments } from '../../src/server/testing/recording-documents';
import { addTestUser, testPerson } from '../../src/features/identity/test-users';
import { dateToWallTime } from '../../src/features/events/venue-time';
import type { Identity } from '../../src/access/identity';
import { availableParallelism, cpus } from 'node:os';
import { handleLiveRequest } from '../../src/features/live/live-endpoint';
import { LIVE_FEEDS } from '../../src/app/_server/live-feeds';
import type { EventInput } from '../../src/features/events/events.inputs';

const EVENTS = 60;
const CHANGES = 20;
const STREAMS = process.env.BENCH_STREAMS ? process.env.BENCH_STREAMS.split(",").map(Number) : [1, 100, 1000];
const ADDRESS = '203.0.113.50';
const PART = process.env.BENCH_PART;
const MEMBERS = 500;
const ADMISSIONS = 100;
/** The goal of issue 47: an admission costs within this much more with every pass screen open. */
const GOAL_RATIO = 1.2;
/** How long the process's idle CPU is measured before each row of admissions. */
const IDLE_MS = 5_000;

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

async function programme(ids: string[]) {
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
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function admissions() {
  let reads = 0;
  const store = recordingDocuments(documents, (read) => (reads += read.documents));
  const now = Date.now();
  const wall = (offset: number) => dateToWallTime(new Date(now + offset * 60_000));
  // Each row admits to its own event, so neither counts the other's admissions (an admission
  // counts the event's places and admissions, which grow through a night). Both doors are open;
  // the second starts first, so it is the night the pass shows.
  const openNight = async (slug: string, startsAt: number) => {
    const { id } = await admin.events.create({ ...form(EVENTS, slug), slug, doorsAt: wall(-60), startsAt: wall(startsAt), endsAt: wall(240) });
    await admin.events.changeStatus({ id, action: 'publish' });
    return id;
  };
  const nights = [await openNight('tonight-upstairs', -20), await openNight('tonight', -30)];
  const members: Identity[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const member = { ...testPerson(`bench-member-${i}`, 'user'), emailVerified: true };
    await addTestUser(documents, member, { membership: { id: `m-${i}`, validFrom: new Date(now - 86_400_000), validUntil: new Date(now + 86_400_000) } });
    members.push(member);
  }
  // The door's rate limit counts per phone (account and sign-in): a phone every 15 admissions.
  let admitted = 0;
  const door = () => createCaller(createContextInner({ documents: store, identity: { ...testPerson('bench-door', 'scanner'), session: `phone-${Math.floor(admitted / 15)}` } }));
  const refused: string[] = [];

  /** Until no woken feed reads any more (a pause of several settle windows without a read). */
  async function quiet() {
    let last = -1;
    while (reads !== last) {
      last = reads;
      await sleep(60);
    }
  }

  /**
   * Admits `who` one after another, as a door does: each waits until `seen` (the member's pass
   * shows it) and the feeds it woke have read again, so every admission pays for its own wake-ups.
   */
  /**
   * The process's CPU per millisecond while nothing happens but what is open keeps itself alive
   * (each stream's session checked again every 10 s, its pings): not an admission's cost, so a
   * row's admissions are counted net of it, beside the raw figure.
   */
  async function idleCpuPerMs(): Promise<number> {
    await quiet();
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await sleep(IDLE_MS);
    const cpu = process.cpuUsage(cpuStart);
    return (cpu.user + cpu.system) / 1000 / (performance.now() - start);
  }

  /** The bench's own reading of the open streams (parsing what they received): client work, not the server's. */
  let reading = () => 0;

  async function row(eventId: string, who: Identity[], seen: (index: number) => Promise<void>) {
    const idle = await idleCpuPerMs();
    await quiet();
    const cpuMs: number[] = [];
    const netMs: number[] = [];
    let wallMs = 0;
    let counted = 0;
    for (const [index, member] of who.entries()) {
      const before = reads;
      const readingBefore = reading();
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      try {
        const result = await door().door.admit({ eventId, uid: member.uid, nonce: `bench-admit-${admitted}`, device: 'Front door' });
        if (result.verdict === 'admitted') await seen(index);
        else refused.push(`${member.uid}: ${result.verdict}`);
      } catch (error) {
        refused.push(`${member.uid}: ${error instanceof Error ? error.message : String(error)}`);
      }
      wallMs += performance.now() - start;
      admitted++;
      await quiet();
      const cpu = process.cpuUsage(cpuStart);
      cpuMs.push((cpu.user + cpu.system) / 1000);
      netMs.push((cpu.user + cpu.system) / 1000 - idle * (performance.now() - start) - (reading() - readingBefore));
      counted += reads - before;
    }
    const mean = (list: number[]) => list.reduce((sum, ms) => sum + ms, 0) / list.length;
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    return { reads: counted / who.length, cpu: mean(cpuMs), cpuMedian: median(cpuMs), net: mean(netMs), netMedian: median(netMs), idlePerSecond: idle * 1000, wall: wallMs / who.length };
  }

  const none = await row(nights[0]!, members.slice(0, ADMISSIONS), async () => {});
  const streams: OpenStream[] = [];
  for (const member of members) {
    const abort = new AbortController();
    const request = streamRequest([{ key: 'night', feed: 'pass.night' }, { key: 'inbox', feed: 'inbox.live' }], { address: ADDRESS, signal: abort.signal });
    const response = await handleLiveRequest(request, LIVE_FEEDS, async () => createContextInner({ documents: store, identity: member, clientAddress: ADDRESS }), createCaller);
    streams.push(readStream(response, abort));
  }
  reading = () => streams.reduce((sum, stream) => sum + stream.readingMs(), 0);
  const night = (messages: OpenStream['messages']) => messages.filter((message) => 'key' in message && message.key === 'night' && 'data' in message).at(-1) as { data: { checkedInAt: Date | null } } | undefined;
  await Promise.all(streams.map((stream) => stream.until((messages) => night(messages) !== undefined, 60_000)));
  const queue = members.slice(ADMISSIONS, 2 * ADMISSIONS);
  const open = await row(nights[1]!, queue, (index) => streams[ADMISSIONS + index]!.until((messages) => night(messages)?.data.checkedInAt != null, 30_000));
  await Promise.all(streams.map((stream) => stream.close()));

  console.log(`\nAdmissions by hand, ${MEMBERS} members, ${ADMISSIONS} admissions per row, one after another (each once the feeds it woke have read again)`);
  const line = (label: string, figures: typeof none) =>
    console.log(
      `${label}: ${figures.reads.toFixed(1)} store reads and ${figures.cpu.toFixed(2)} ms CPU per admission (median ${figures.cpuMedian.toFixed(2)} ms; ${figures.wall.toFixed(1)} ms wall until the pass showed it); ` +
        `the server's share, net of the process's idle ${figures.idlePerSecond.toFixed(1)} ms CPU a second and of the bench's own reading of the streams: ${figures.net.toFixed(2)} ms (median ${figures.netMedian.toFixed(2)} ms)`,
    );
  line(`  no pass screen open        `, none);
  line(`  ${MEMBERS} pass screens open     `, open);
  if (refused.length > 0) {
    console.log(`  ${refused.length} admissions refused or failed, so no ratio:`);
    for (const entry of refused.slice(0, 10)) console.log(`    ${entry}`);
    return;
  }
  console.log(
    `  ratio, open to none: reads ${(open.reads / none.reads).toFixed(2)}×, CPU ${(open.cpu / none.cpu).toFixed(2)}× (median ${(open.cpuMedian / none.cpuMedian).toFixed(2)}×), ` +
      `the server's CPU ${(open.net / none.net).toFixed(2)}× (median ${(open.netMedian / none.netMedian).toFixed(2)}×) (goal: at most ${GOAL_RATIO}×)`,
  );
}

async function main() {
  console.log(`On ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, embedded backend (SQLite documents adapter)`);
  const ids: string[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const saved = await admin.events.create(form(i));
    await admin.events.changeStatus({ id: saved.id, action: 'publish' });
    ids.push(saved.id);
  }
  if (PART !== 'admissions') await programme(ids);
  if (PART !== 'programme') await admissions();
  await documents.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
