// Benchmark of the embedded documents adapter. Prints figures; asserts nothing.
//   npm run bench:documents
// Single-document writes per second (against raw SQLite inserts of the same JSON in the same run),
// contended transactions per second, and query latency over 10,000 documents.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { defineCollection } from '../../src/server/documents/port';
import { SqliteDocuments } from '../../src/server/documents/embedded/sqlite-documents';

const Item = defineCollection(
  'bench_items',
  z.object({ title: z.string(), rank: z.number().int(), published: z.boolean(), startsAt: z.date(), tags: z.array(z.string()) }),
);
const Counter = defineCollection('bench_counters', z.object({ value: z.number().int() }));

const dir = mkdtempSync(join(tmpdir(), 'bench-documents-'));
const item = (i: number) => ({
  title: `Item ${i}`,
  rank: i % 500,
  published: i % 3 !== 0,
  startsAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000),
  tags: i % 2 ? ['concert'] : ['club'],
});

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main() {
  const db = new SqliteDocuments(join(dir, 'documents.sqlite'));
  const WRITES = 3000;

  // 1. Single-document writes, one commit each, against raw inserts of the same JSON.
  const raw = new Database(join(dir, 'baseline.sqlite'));
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.exec('CREATE TABLE t (id TEXT PRIMARY KEY, data TEXT NOT NULL) WITHOUT ROWID');
  const insert = raw.prepare('INSERT INTO t (id, data) VALUES (?, ?)');
  let start = performance.now();
  for (let i = 0; i < WRITES; i++) insert.run(`id-${i}`, JSON.stringify(item(i)));
  const baselineRate = WRITES / ((performance.now() - start) / 1000);
  raw.close();

  start = performance.now();
  for (let i = 0; i < WRITES; i++) await db.collection(Item).doc(`w${i}`).set(item(i));
  const writeRate = WRITES / ((performance.now() - start) / 1000);

  // 2. Contended transactions: 8 clients increment one counter 100 times each.
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

  // 3. Queries over 10,000 documents.
  for (let startAt = 0; startAt < 10_000; startAt += 500) {
    const batch = db.batch();
    for (let i = startAt; i < startAt + 500; i++) batch.set(db.collection(Item).doc(`q${i}`), item(i));
    await batch.commit();
  }
  const queries = {
    'published, ordered by rank, first 20': () => db.collection(Item).where('published', '==', true).orderBy('rank').limit(20).get(),
    'date range, next 20': () =>
      db.collection(Item).where('startsAt', '>=', new Date(Date.UTC(2026, 3, 1))).orderBy('startsAt').limit(20).get(),
    'array-contains, 20': () => db.collection(Item).where('tags', 'array-contains', 'concert').limit(20).get(),
  };
  const latencies: [string, number, number][] = [];
  for (const [name, run] of Object.entries(queries)) {
    const samples: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await run();
      samples.push(performance.now() - t);
    }
    latencies.push([name, percentile(samples, 50), percentile(samples, 95)]);
  }

  // 4. What a commit that survives a power cut costs: synchronous NORMAL (the WAL is synced at
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
    const file = join(dir, `sync-${name.replace(/\W+/g, '-')}.sqlite`);
    const store = new SqliteDocuments(file, options);
    const N = 1000;
    let t = performance.now();
    for (let i = 0; i < N; i++) await store.collection(Item).doc(`s${i}`).set(item(i));
    const writes = N / ((performance.now() - t) / 1000);
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
    await Promise.all(Array.from({ length: 20 }, async (_, client) => {
      for (let i = 0; i < N / 20; i++) await admit(N + client * N + i);
    }));
    const concurrent = N / ((performance.now() - t) / 1000);
    durability.push([name, writes, admissions, concurrent]);
    await store.close();
  }

  console.log('Embedded documents adapter (SQLite, WAL)');
  console.log(`  single-document writes: ${fmt(writeRate)}/s (raw SQLite inserts of the same JSON: ${fmt(baselineRate)}/s, ratio ${fmt(writeRate / baselineRate, 2)})`);
  console.log(`  contended transactions: ${fmt((CLIENTS * ROUNDS) / txSeconds)}/s (${CLIENTS} clients x ${ROUNDS} increments of one document; final value ${final}, expected ${CLIENTS * ROUNDS})`);
  console.log(`  queries over ${fmt(WRITES + 10_000)} documents (200 runs each):`);
  for (const [name, p50, p95] of latencies) console.log(`    ${name}: p50 ${fmt(p50, 2)} ms, p95 ${fmt(p95, 2)} ms`);
  const [normal, full, shared] = durability as [string, number, number, number][] as [[string, number, number, number], [string, number, number, number], [string, number, number, number]];
  console.log('  durability (1,000 commits each, fresh database):');
  for (const [name, writes, admissions, concurrent] of durability) {
    console.log(`    synchronous = ${name}: ${fmt(writes)} single writes/s, ${fmt(admissions)} admission transactions/s (${fmt(1000 / admissions, 2)} ms each), ${fmt(concurrent)}/s from 20 clients at once`);
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
