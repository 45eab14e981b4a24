// Benchmark of the live feeds' fan-out. Prints figures beside their goals; asserts nothing.
//   npm run bench:live-fanout           (BENCH_PART=programme or admissions: one part alone;
//                                        BENCH_STREAMS=1,1000: the stream counts of part 1)
// It prints first what it ran on (cores, CPU, Node, backend). Every pair it compares is measured
// in this run; nothing is typed in from another.
// Part 1, the public programme (issue 48: a change with 1,000 streams open costs at most 3× what it
// costs with one):
// In one process, against the real tRPC handler and the embedded documents adapter: 1, 100 and
// 1,000 open streams, all from one client address (a venue's Wi-Fi), each a browser's one live
// stream (GET /api/live, decision 041) carrying the public programme, then changes to one event
// made through the API (a few first, not counted, so neither row pays for the JIT's warm-up). Per
// change: the wall time from the write until every open stream has received the new list (the
// process is single-threaded, so this is time the server can do nothing else) and the process's
// CPU time. The streams are read in this process, by a reader that only finds where each event
// ends (decoding the bytes is the browser's work); its time is in both figures, which so
// overstate the server's a little. Each count is measured three ways in this run: as streams are
// served (the watcher's one frame written to each); as before issue 48 (each stream iterates its
// subscription and writes a head of its own before the shared result, `iterateFeeds`); and that
// again with every stream's bytes decoded into text, as this bench read them before issue 48
// (where its 12.8× came from). The ratio of the most streams' row to the fewest's, of the same
// way, is printed beside the goal.
// Part 2, admissions while members' pass screens are open (issue 47): 500 members, then 100
// admissions by hand one after another with none of their pass screens open, then 100 more while
// all 500 have the pass open (each browser's one stream carrying pass.night and inbox.live, the
// header's badge). Per admission: the store reads (counted as Firestore bills them, through a
// counting wrapper of the documents port) and the process's CPU time, from the admission until
// every feed it woke has read again; both rows in this run, and their ratio beside its goal. A third
// row, 100 more admissions with the pass screens served per stream as before issue 48, shows that
// the viewers' own feeds are not slowed by the shared frames. The CPU is also given net of what
// the process spends while idle with the same streams open (their sessions checked again every
// 10 s, their pings), measured just before the row, and of the bench's own reading: raw and net.
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
import { handleLiveRequest } from '../../src/features/live/live-endpoint';
import { LIVE_FEEDS } from '../../src/app/_server/live-feeds';
import type { EventInput } from '../../src/features/events/events.inputs';
import { besideGoal, fmt, percentile, printMachine, ratioOrRefusals, type Goal } from './report';

const EVENTS = 60;
const CHANGES = 20;
/** Changes made before each row's, not counted: the code they run is compiled by then. */
const WARM_UP_CHANGES = 3;
const STREAMS = process.env.BENCH_STREAMS ? process.env.BENCH_STREAMS.split(',').map(Number) : [1, 100, 1000];
/** Issue 48: a change with the most streams open costs at most this much more than with one. */
const FANOUT_GOAL: Goal = { at: 'most', value: 3 };
const ADDRESS = '203.0.113.50';
const PART = process.env.BENCH_PART;
const MEMBERS = 500;
const ADMISSIONS = 100;
/** The goal of issue 47: an admission costs within this much more with every pass screen open. */
const ADMISSION_GOAL: Goal = { at: 'most', value: 1.2 };
/** How long the process's idle CPU is measured before each row of admissions. */
const IDLE_MS = 5_000;

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

/** One open stream: counts the programme's results it has received. */
interface Stream {
  received: number;
  abort: AbortController;
}

/**
 * The ways part 1 serves and reads the streams: as they are served, and as they were before issue
 * 48; each read by finding where its events end (bytes), and the old way also as this bench read
 * it before issue 48 (every stream's bytes decoded into text, as a browser's EventSource does).
 */
const WAYS = [
  { name: 'one frame for all', iterateFeeds: false, reader: 'bytes' },
  { name: 'per stream (before issue 48)', iterateFeeds: true, reader: 'bytes' },
  { name: 'per stream, read as text', iterateFeeds: true, reader: 'text' },
] as const;
type Way = (typeof WAYS)[number];

const EVENT_END = Buffer.from('\n\n');
/** How a result of the programme begins: the shared frame, or (per stream) the head with its key. */
const RESULT_STARTS = ['data: {"json":{"shared":', 'data: {"json":{"key":"programme","data":'];
const HEAD_BYTES = Math.max(...RESULT_STARTS.map((start) => start.length));

/** Counts the results in one stream's chunks, finding where each event ends without decoding it. */
function byteCounter(stream: Stream): (chunk: Uint8Array) => void {
  // The first bytes of the event being read, and whether the last chunk ended in a newline.
  let head = '';
  let newline = false;
  return (chunk) => {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let at = 0;
    for (;;) {
      const end = newline && at === 0 && bytes[0] === 10 ? 0 : bytes.indexOf(EVENT_END, at);
      const until = end < 0 ? bytes.length : end;
      if (head.length < HEAD_BYTES) head += bytes.toString('latin1', at, Math.min(until, at + HEAD_BYTES - head.length));
      if (end < 0) break;
      if (RESULT_STARTS.some((start) => head.startsWith(start))) stream.received++;
      head = '';
      at = end === 0 ? 1 : end + 2;
    }
    newline = bytes.length > 0 && bytes[bytes.length - 1] === 10;
  };
}

/** Counts the results in one stream's chunks as the bench did before issue 48: decoded into text first. */
function textCounter(stream: Stream): (chunk: Uint8Array) => void {
  const decoder = new TextDecoder();
  let text = '';
  return (chunk) => {
    text += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      if (RESULT_STARTS.some((start) => text.startsWith(start))) stream.received++;
      text = text.slice(end + 2);
    }
  };
}

async function open(way: Way): Promise<Stream> {
  const abort = new AbortController();
  const request = streamRequest([{ key: 'programme', feed: 'events.live' }], { address: ADDRESS, signal: abort.signal });
  const response = await handleLiveRequest(request, LIVE_FEEDS, async () => createContextInner({ documents, identity: null, clientAddress: ADDRESS }), createCaller, { iterateFeeds: way.iterateFeeds });
  const stream: Stream = { received: 0, abort };
  const count = way.reader === 'bytes' ? byteCounter(stream) : textCounter(stream);
  const reader = response.body!.getReader();
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (done) return;
      count(value);
    }
  })();
  return stream;
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

interface Row {
  streams: number;
  wall: number[];
  cpu: number[];
}

async function programmeRow(ids: string[], count: number, way: Way): Promise<Row> {
  const streams: Stream[] = [];
  for (let i = 0; i < count; i++) streams.push(await open(way));
  await until(() => streams.every((stream) => stream.received >= 1));
  const row: Row = { streams: count, wall: [], cpu: [] };
  for (let change = 0; change < WARM_UP_CHANGES + CHANGES; change++) {
    const expected = streams[0]!.received + 1;
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await admin.events.update({ id: ids[change % ids.length]!, event: form(change % ids.length, `Night ${change} (${count})`) });
    await until(() => streams.every((stream) => stream.received >= expected));
    const wall = performance.now() - start;
    const cpu = process.cpuUsage(cpuStart);
    if (change < WARM_UP_CHANGES) continue;
    row.wall.push(wall);
    row.cpu.push((cpu.user + cpu.system) / 1000);
  }
  for (const stream of streams) stream.abort.abort();
  // Let the closed streams wind down before the next row.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return row;
}

const mean = (list: readonly number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;

async function programme(ids: string[]) {
  console.log(`Part 1: the public live feed, ${EVENTS} published events, ${CHANGES} changes per row (after ${WARM_UP_CHANGES} not counted); all streams from ${ADDRESS}`);
  console.log('  (wall and CPU per change, mean and median; both include the in-process readers, so they overstate the server\'s own cost)');
  const rows = new Map<string, Row[]>(WAYS.map((way) => [way.name, []]));
  for (const count of STREAMS) {
    for (const way of WAYS) {
      const row = await programmeRow(ids, count, way);
      rows.get(way.name)!.push(row);
      console.log(
        `  ${way.name.padEnd(28)} ${fmt(count).padStart(5)} streams: ${fmt(mean(row.wall), 1)} ms wall (p50 ${fmt(percentile(row.wall, 50), 1)}, max ${fmt(Math.max(...row.wall), 1)}), ` +
          `${fmt(mean(row.cpu), 1)} ms CPU (p50 ${fmt(percentile(row.cpu, 50), 1)})`,
      );
    }
  }
  if (STREAMS.length < 2) return;
  const fewest = Math.min(...STREAMS);
  const most = Math.max(...STREAMS);
  console.log(`  ${fmt(most)} streams against ${fmt(fewest)}, each way's two rows measured above in this run:`);
  for (const way of WAYS) {
    const [one, many] = [fewest, most].map((count) => rows.get(way.name)!.find((row) => row.streams === count)!) as [Row, Row];
    console.log(
      `    ${way.name.padEnd(28)} wall ${besideGoal(mean(many.wall) / mean(one.wall), FANOUT_GOAL, 1)}, median ${besideGoal(percentile(many.wall, 50) / percentile(one.wall, 50), FANOUT_GOAL, 1)}; ` +
        `CPU ${besideGoal(mean(many.cpu) / mean(one.cpu), FANOUT_GOAL, 1)}, median ${besideGoal(percentile(many.cpu, 50) / percentile(one.cpu, 50), FANOUT_GOAL, 1)}`,
    );
  }
  const frame = rows.get(WAYS[0].name)!.find((row) => row.streams === most)!;
  const perStream = rows.get(WAYS[1].name)!.find((row) => row.streams === most)!;
  console.log(
    `  ${fmt(most)} streams, one frame for all against per stream (both read as bytes): wall ${fmt(mean(frame.wall) / mean(perStream.wall), 2)}×, CPU ${fmt(mean(frame.cpu) / mean(perStream.cpu), 2)}×`,
  );
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
    const refusedBefore = refused.length;
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
    const median = (list: number[]) => percentile(list, 50);
    return {
      reads: counted / who.length,
      cpu: mean(cpuMs),
      cpuMedian: median(cpuMs),
      net: mean(netMs),
      netMedian: median(netMs),
      idlePerSecond: idle * 1000,
      wall: wallMs / who.length,
      refused: refused.length - refusedBefore,
    };
  }

  const none = await row(nights[0]!, members.slice(0, ADMISSIONS), async () => {});
  const night = (messages: OpenStream['messages']) => messages.filter((message) => 'key' in message && message.key === 'night' && 'data' in message).at(-1) as { data: { checkedInAt: Date | null } } | undefined;
  /** A row with every member's pass screen open (served as `iterateFeeds` says), admitting the `slice`-th hundred. */
  async function withPassScreens(slice: number, iterateFeeds: boolean) {
    const streams: OpenStream[] = [];
    for (const member of members) {
      const abort = new AbortController();
      const request = streamRequest([{ key: 'night', feed: 'pass.night' }, { key: 'inbox', feed: 'inbox.live' }], { address: ADDRESS, signal: abort.signal });
      const response = await handleLiveRequest(request, LIVE_FEEDS, async () => createContextInner({ documents: store, identity: member, clientAddress: ADDRESS }), createCaller, { iterateFeeds });
      streams.push(readStream(response, abort));
    }
    reading = () => streams.reduce((sum, stream) => sum + stream.readingMs(), 0);
    await Promise.all(streams.map((stream) => stream.until((messages) => night(messages) !== undefined, 60_000)));
    const queue = members.slice(slice * ADMISSIONS, (slice + 1) * ADMISSIONS);
    const figures = await row(nights[1]!, queue, (index) => streams[slice * ADMISSIONS + index]!.until((messages) => night(messages)?.data.checkedInAt != null, 30_000));
    await Promise.all(streams.map((stream) => stream.close()));
    reading = () => 0;
    return figures;
  }
  const open = await withPassScreens(1, false);
  // The same with the pass screens served as before issue 48, to show the viewer's own feeds are not slowed.
  const openPerStream = await withPassScreens(2, true);

  console.log(`\nPart 2: admissions by hand, ${MEMBERS} members, ${ADMISSIONS} admissions per row, one after another (each once the feeds it woke have read again)`);
  const line = (label: string, figures: typeof none) =>
    console.log(
      `${label}: ${fmt(figures.reads, 1)} store reads and ${fmt(figures.cpu, 2)} ms CPU per admission (median ${fmt(figures.cpuMedian, 2)} ms; ${fmt(figures.wall, 1)} ms wall until the pass showed it); ` +
        `the server's share, net of the process's idle ${fmt(figures.idlePerSecond, 1)} ms CPU a second and of the bench's own reading of the streams: ${fmt(figures.net, 2)} ms (median ${fmt(figures.netMedian, 2)} ms)` +
        (figures.refused > 0 ? `; ${fmt(figures.refused)} refused or failed` : ''),
    );
  line(`  no pass screen open        `, none);
  line(`  ${MEMBERS} pass screens open     `, open);
  line(`  the same, per stream (before issue 48)`, openPerStream);
  for (const entry of refused.slice(0, 10)) console.log(`    refused or failed: ${entry}`);
  // Each ratio of the two rows above, beside the goal; none where either row had a refusal.
  const ratio = (figure: (row: typeof none) => number) =>
    ratioOrRefusals({ value: figure(open), refused: open.refused, label: 'the open row' }, { value: figure(none), refused: none.refused, label: 'the row without' }, ADMISSION_GOAL);
  console.log(`  Ratio, ${MEMBERS} pass screens open to none, both rows measured above in this run:`);
  console.log(`    store reads per admission: ${ratio((row) => row.reads)}`);
  console.log(`    CPU per admission: ${ratio((row) => row.cpu)}; median ${ratio((row) => row.cpuMedian)}`);
  console.log(`    the server's CPU per admission: ${ratio((row) => row.net)}; median ${ratio((row) => row.netMedian)}`);
  console.log(
    `  ${MEMBERS} pass screens open, one frame for all against per stream (before issue 48), this run: the server's CPU per admission ${fmt(open.net / openPerStream.net, 2)}× (median ${fmt(open.netMedian / openPerStream.netMedian, 2)}×)`,
  );
}

async function main() {
  printMachine('embedded backend (SQLite documents adapter), one process serving and reading the streams');
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
