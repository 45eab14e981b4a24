// Benchmark of the embedded documents adapter. Prints figures, each beside its goal (issue 48);
// asserts nothing.
//   npm run bench:documents
// Every pair is measured in this run: single-document writes against raw SQLite inserts of the
// same JSON on a connection with the store's pragmas; the app's programme queries over 13,000
// documents without the declared indexes and with them (and what making them costs); contended
// transactions; and what a commit that survives a power cut costs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { defineCollection } from '../../src/server/documents/port';
import { SqliteDocuments } from '../../src/server/documents/embedded/sqlite-documents';
import { PublicEvents, type PublicEventDocument } from '../../src/features/events/public-events';
import { PUBLIC_LIST_LIMIT, PUBLIC_STATUSES } from '../../src/features/events/programme';
import { log } from '../../src/server/log';
import { QUERY_INDEXES } from '../../src/server/documents/query-indexes';
import { besideGoal, fmt, percentile, printMachine, type Goal } from './report';

const Counter = defineCollection('bench_counters', z.object({ value: z.number().int() }));
const Item = defineCollection('bench_items', z.object({ title: z.string(), rank: z.number().int(), published: z.boolean(), startsAt: z.date(), tags: z.array(z.string()) }));

const dir = mkdtempSync(join(tmpdir(), 'bench-documents-'));
const DOCUMENTS = 13_000;
const FIRST_START = Date.UTC(2026, 0, 1);
const text = (en: string, de: string) => ({ en, de });
/** A public event as the mirror holds it: one every three hours, one in twenty cancelled. */
const event = (i: number): PublicEventDocument => {
  const startsAt = new Date(FIRST_START + i * 3 * 3_600_000);
  return {
    slug: `event-${i}`,
    status: i % 20 === 0 ? 'cancelled' : 'published',
    title: text(`Night ${i}`, `Nacht ${i}`),
    summary: text('Music until late.', 'Musik bis spät.'),
    description: text('A long night of music in the main hall, with guests.', 'Eine lange Nacht Musik im großen Saal, mit Gästen.'),
    startsAt,
    endsAt: new Date(startsAt.getTime() + 5 * 3_600_000),
    doorsAt: new Date(startsAt.getTime() - 3_600_000),
    venue: { name: 'Nordlicht', address: 'Kaistraße 7, 12345 Musterstadt' },
    cover: null,
    updatedAt: startsAt,
  };
};
const item = (i: number) => ({ title: `Item ${i}`, rank: i % 500, published: i % 3 !== 0, startsAt: new Date(FIRST_START + i * 3_600_000), tags: i % 2 ? ['concert'] : ['club'] });

const QUERY_GOAL: Goal = { at: 'most', value: 1, unit: ' ms' };
/** "Now" in the middle of the programme: half the events are over. */
const NOW = new Date(FIRST_START + (DOCUMENTS / 2) * 3 * 3_600_000);

/** The programme's queries as the app makes them (src/features/events), each with its goal. */
function programmeQueries(db: SqliteDocuments) {
  const events = db.collection(PublicEvents);
  return [
    // The sitemap's and the admin lists' shape: one status, newest start first (a page of 20).
    { name: 'programme by rank (status ==, newest start first, 20)', goal: QUERY_GOAL, run: () => events.where('status', '==', 'published').orderBy('startsAt', 'desc').limit(20).get() },
    // nextEvents: what has not ended yet, soonest end first.
    { name: 'date range (status ==, ends from now, 20)', goal: QUERY_GOAL, run: () => events.where('status', '==', 'published').where('endsAt', '>=', NOW).orderBy('endsAt').limit(20).get() },
    // publicEventsQuery, the live list: two statuses, which SQLite reads one after the other and sorts.
    { name: `public programme (status in, newest start first, ${PUBLIC_LIST_LIMIT})`, goal: null, run: () => events.where('status', 'in', [...PUBLIC_STATUSES]).orderBy('startsAt', 'desc').limit(PUBLIC_LIST_LIMIT).get() },
  ];
}

async function latencies(db: SqliteDocuments, runs = 200): Promise<{ p50: number; p95: number }[]> {
  const figures: { p50: number; p95: number }[] = [];
  for (const query of programmeQueries(db)) {
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await query.run();
      samples.push(performance.now() - t);
    }
    figures.push({ p50: percentile(samples, 50), p95: percentile(samples, 95) });
  }
  return figures;
}

/**
 * Single writes per second, one commit each, against raw inserts of the same JSON into a
 * two-column table, alternated so neither gets the quieter moments.
 */
async function singleWrites(write: (id: string, i: number) => Promise<void>, json: (i: number) => string, raw: Database.Database, table: string, rounds = 4, perRound = 1500): Promise<{ store: number; raw: number }> {
  raw.exec(`CREATE TABLE ${table} (id TEXT PRIMARY KEY, data TEXT NOT NULL) WITHOUT ROWID`);
  const insert = raw.prepare(`INSERT INTO ${table} (id, data) VALUES (?, ?)`);
  let storeMs = 0;
  let rawMs = 0;
  for (let round = 0; round < rounds; round++) {
    let t = performance.now();
    for (let i = 0; i < perRound; i++) insert.run(`w${round}-${i}`, json(i));
    rawMs += performance.now() - t;
    t = performance.now();
    for (let i = 0; i < perRound; i++) await write(`w${round}-${i}`, i);
    storeMs += performance.now() - t;
  }
  const count = rounds * perRound;
  return { store: count / (storeMs / 1000), raw: count / (rawMs / 1000) };
}

async function main() {
  printMachine('embedded documents (SQLite in WAL mode, synchronous = NORMAL)');
  const file = join(dir, 'documents.sqlite');

  // 1. 13,000 public events in a store without the declared indexes, as a data directory of a
  // version before them; the queries then read the collection by its key.
  // The read cache off (every query to SQLite): these figures are the index's, not the cache's.
  const bare = new SqliteDocuments(file, { indexes: [], readCache: false });
  for (let start = 0; start < DOCUMENTS; start += 500) {
    const batch = bare.batch();
    for (let i = start; i < Math.min(DOCUMENTS, start + 500); i++) batch.set(bare.collection(PublicEvents).doc(`e${String(i).padStart(5, '0')}`), event(i));
    await batch.commit();
  }
  // Such a store logs every query no index serves; not what is measured here.
  const level = log.level;
  log.level = 'silent';
  const before = await latencies(bare);
  log.level = level;
  await bare.close();

  // 2. The same data opened with the declared indexes: made at start (what an upgrade costs once).
  let start = performance.now();
  const indexed = new SqliteDocuments(file, { readCache: false });
  const indexing = performance.now() - start;
  const after = await latencies(indexed);
  await indexed.close();

  // The store as the app opens it, read cache on: the same query again is answered from what was
  // read (until a write to the collection). Printed apart; the goal is the index's figure above.
  const db = new SqliteDocuments(file);
  const kept = await latencies(db);

  // 3. Single writes against raw inserts of the same JSON into a two-column table on a connection
  // with the store's pragmas: a small document of a collection without indexes (the figure the
  // goal is for, as measured before), and a public event, whose collection keeps its indexes.
  const raw = new Database(join(dir, 'baseline.sqlite'));
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('busy_timeout = 5000');
  const pragmas = `journal_mode = ${String(raw.pragma('journal_mode', { simple: true }))}, synchronous = ${String(raw.pragma('synchronous', { simple: true }))} (1 = NORMAL)`;
  const writes = await singleWrites((id, i) => db.collection(Item).doc(id).set(item(i)), (i) => JSON.stringify(item(i)), raw, 'items');
  const indexedWrites = await singleWrites((id, i) => db.collection(PublicEvents).doc(id).set(event(i)), (i) => JSON.stringify(event(i)), raw, 'events');
  const eventIndexes = QUERY_INDEXES.filter((index) => index.collection === PublicEvents.name).length;
  raw.close();

  // 4. Contended transactions: 8 clients increment one counter 100 times each.
  const counter = db.collection(Counter).doc('contended');
  await counter.set({ value: 0 });
  const CLIENTS = 8;
  const ROUNDS = 100;
  start = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let r = 0; r < ROUNDS; r++) {
        await db.runTransaction(async (tx) => {
          const current = (await tx.get(counter)).data!.value;
          tx.update(counter, { value: current + 1 });
        });
      }
    }),
  );
  const txSeconds = (performance.now() - start) / 1000;
  const final = (await counter.get()).data!.value;

  // 5. What a commit that survives a power cut costs: synchronous NORMAL (the WAL is synced at
  // checkpoints: a process crash loses nothing, a power cut may roll back the last commits) against
  // FULL (the WAL is synced at every commit), for single writes and for admission-like
  // transactions (read a document, create one on a fresh id), each on a fresh database in this run.
  // The third way is what the door's writes use (decision 030): NORMAL, and the commit answered
  // once a flush of the write-ahead log, shared by the commits made meanwhile, is done. Admissions
  // are measured one after another and from 20 clients at once (a busy door), where the flushes
  // are shared.
  const durability: [string, number, number, number][] = [];
  const modes = [
    ['NORMAL', { synchronous: 'NORMAL' }],
    ['FULL', { synchronous: 'FULL' }],
    ['NORMAL + shared flush', { synchronous: 'NORMAL', fullSyncCollections: [Item.name, Counter.name] }],
  ] as const;
  for (const [name, options] of modes) {
    const store = new SqliteDocuments(join(dir, `sync-${name.replace(/\W+/g, '-')}.sqlite`), options);
    const N = 1000;
    let t = performance.now();
    for (let i = 0; i < N; i++) await store.collection(Item).doc(`s${i}`).set(item(i));
    const single = N / ((performance.now() - t) / 1000);
    const admit = (i: number) =>
      store.runTransaction(async (tx) => {
        const ref = store.collection(Counter).doc(`admission-${i}`);
        if ((await tx.get(ref)).exists) return;
        tx.create(ref, { value: i });
      });
    t = performance.now();
    for (let i = 0; i < N; i++) await admit(i);
    const admissions = N / ((performance.now() - t) / 1000);
    t = performance.now();
    await Promise.all(
      Array.from({ length: 20 }, async (_, client) => {
        for (let i = 0; i < N / 20; i++) await admit(N + client * N + i);
      }),
    );
    const concurrent = N / ((performance.now() - t) / 1000);
    durability.push([name, single, admissions, concurrent]);
    await store.close();
  }

  console.log('Embedded documents adapter (SQLite, WAL)');
  console.log(`  single-document writes, one commit each, beside raw SQLite inserts of the same JSON on a connection with the store's pragmas (${pragmas}):`);
  console.log(`    a small document (no index): ${fmt(writes.store)}/s beside ${fmt(writes.raw)}/s: ${besideGoal(writes.store / writes.raw, { at: 'least', value: 0.6 })}`);
  console.log(`    a public event (its collection's ${eventIndexes} indexes kept): ${fmt(indexedWrites.store)}/s beside ${fmt(indexedWrites.raw)}/s: ${fmt(indexedWrites.store / indexedWrites.raw, 2)}× (no goal)`);
  console.log(`  contended transactions: ${fmt((CLIENTS * ROUNDS) / txSeconds)}/s (${CLIENTS} clients x ${ROUNDS} increments of one document; final value ${final}, expected ${CLIENTS * ROUNDS})`);
  console.log(`  the declared indexes made over ${fmt(DOCUMENTS)} public events when the store opened: ${fmt(indexing, 1)} ms (once, at the first start after an upgrade)`);
  console.log(`  the programme's queries over ${fmt(DOCUMENTS)} public events (200 runs each), without the declared indexes -> with them:`);
  programmeQueries(db).forEach((query, index) => {
    const [was, now] = [before[index]!, after[index]!];
    const goal = query.goal ? besideGoal(now.p50, query.goal) : `${fmt(now.p50, 2)} ms (no goal)`;
    console.log(`    ${query.name}: p50 ${fmt(was.p50, 2)} ms -> ${goal}; p95 ${fmt(was.p95, 2)} -> ${fmt(now.p95, 2)} ms; asked again with the read cache on: p50 ${fmt(kept[index]!.p50, 3)} ms`);
  });
  const [normal, full, shared] = durability as [[string, number, number, number], [string, number, number, number], [string, number, number, number]];
  console.log('  durability (1,000 commits each, fresh database):');
  for (const [name, single, admissions, concurrent] of durability) {
    console.log(`    synchronous = ${name}: ${fmt(single)} single writes/s, ${fmt(admissions)} admission transactions/s (${fmt(1000 / admissions, 2)} ms each), ${fmt(concurrent)}/s from 20 clients at once`);
  }
  console.log(`    FULL against NORMAL: writes ${fmt(full[1] / normal[1], 2)}x, admissions ${fmt(full[2] / normal[2], 2)}x, 20 clients ${fmt(full[3] / normal[3], 2)}x`);
  console.log(`    shared flush against NORMAL: writes ${fmt(shared[1] / normal[1], 2)}x, admissions ${fmt(shared[2] / normal[2], 2)}x, 20 clients ${fmt(shared[3] / normal[3], 2)}x`);
  await db.close();
}

main()
  .finally(() => rmSync(dir, { recursive: true, force: true }))
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
