// Benchmark of the public pages on a running server. Prints figures; asserts nothing. Start the
// app first (`npm run build && npm start`, embedded backend, with its demo data), then:
//   npm run bench:public
// BENCH_BASE_URL (default http://localhost:3000) points at it. BENCH_CONCURRENCY (default 32)
// and BENCH_SECONDS (default 10, per page) set the load; each page first gets a 2 s warm-up
// that is not counted. BENCH_EVENT_PATH (e.g. /impressum) replaces the event detail page found
// in /sitemap.xml, to run the bench when no event is published.
//   1. Throughput and latency under concurrent load of the event list (/events), one event's
//      page (the first /events/{slug} in /sitemap.xml) and a page prerendered at build (/about),
//      in the same run with the same settings: requests/s, p50/p90/p99, errors, and each page's
//      req/s against the static page's. Keep-alive connections (one per concurrent client), each
//      body read in full, gzip accepted as a browser would; any answer but 200 is an error.
//   2. First-load JavaScript of the public pages: the /_next/static/ scripts their HTML loads
//      (src/server/testing/page-weight.ts says which), raw and gzipped (level 9), against a bare
//      Next page built in this run from the same next, react and react-dom (about 15 s), with
//      the ratio; light public pages over the budget (FIRST_LOAD_BUDGET, 1.15×) are marked OVER.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBarePage, FIRST_LOAD_BUDGET, kB, lightPagePaths, measure, type BarePageWeight } from '../../src/server/testing/page-weight';
import { percentile, printMachine } from './report';

const base = (process.env.BENCH_BASE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const concurrency = Math.ceil(positive('BENCH_CONCURRENCY', 32));
const seconds = positive('BENCH_SECONDS', 10);
const WARM_UP_SECONDS = 2;
const STATIC_PATH = '/about';

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not "${raw}".`);
  return value;
}

/** Plain-text table: first column left-aligned, the others right-aligned. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function get(path: string): Promise<Response> {
  try {
    return await fetch(new URL(path, `${base}/`), { redirect: 'manual' });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new Error(`Cannot reach ${base}${cause}. Start the app first (npm run build && npm start) or set BENCH_BASE_URL.`);
  }
}

async function eventPath(): Promise<string> {
  const override = process.env.BENCH_EVENT_PATH;
  if (override) return override;
  const response = await get('/sitemap.xml');
  if (!response.ok) throw new Error(`${base}/sitemap.xml answered ${response.status}: is this the app?`);
  const xml = await response.text();
  for (const [, loc] of xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)) {
    const path = new URL(loc!.replaceAll('&amp;', '&'), `${base}/`).pathname;
    if (/^\/events\/[^/]+$/.test(path)) return path;
  }
  throw new Error('no published event in /sitemap.xml: start the app with its demo data');
}

interface LoadResult {
  path: string;
  requests: number;
  elapsedMs: number;
  durations: number[];
  errors: Map<string, number>;
}

/** Keeps `concurrency` requests in flight on `path` for `durationMs`; every body is read in full. */
async function load(path: string, durationMs: number): Promise<LoadResult> {
  const url = new URL(path, `${base}/`);
  const client = url.protocol === 'https:' ? https : http;
  const agent = new client.Agent({ keepAlive: true, maxSockets: concurrency });
  const durations: number[] = [];
  let requests = 0;
  const errors = new Map<string, number>();
  const once = () =>
    new Promise<void>((resolve) => {
      let settled = false;
      const finish = (error?: string) => {
        if (settled) return;
        settled = true;
        requests++;
        if (error) errors.set(error, (errors.get(error) ?? 0) + 1);
        resolve();
      };
      const start = process.hrtime.bigint();
      const request = client.get(url, { agent, headers: { 'accept-encoding': 'gzip' } }, (response) => {
        response.on('data', () => {});
        response.on('end', () => {
          durations.push(Number(process.hrtime.bigint() - start) / 1e6);
          finish(response.statusCode === 200 ? undefined : `HTTP ${response.statusCode}`);
        });
        response.on('error', (error) => finish(error.message));
      });
      request.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    });
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(durationMs * 1e6));
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (process.hrtime.bigint() < deadline) await once();
    }),
  );
  const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
  agent.destroy();
  return { path, requests, elapsedMs, durations, errors };
}

async function firstLoadJs(paths: string[], bare: BarePageWeight, budgeted: Set<string>): Promise<string[][]> {
  const rows: string[][] = [['bare Next page', String(bare.scripts.length), kB(bare.raw), kB(bare.gzip), '1.00×', '']];
  for (const path of paths) {
    try {
      const page = await measure(base, path);
      const ratio = page.gzip / bare.gzip;
      const verdict = !budgeted.has(path) ? '' : ratio > FIRST_LOAD_BUDGET ? 'OVER' : 'ok';
      rows.push([path, String(page.scripts.length), kB(page.raw), kB(page.gzip), `${ratio.toFixed(2)}×`, verdict]);
    } catch (error) {
      rows.push([path, error instanceof Error ? error.message : String(error), '-', '-', '-', budgeted.has(path) ? 'not measured' : '']);
    }
  }
  return rows;
}

async function main() {
  printMachine('the app at ' + base + ', its own backend');
  const detail = await eventPath();
  const pages = ['/events', detail, STATIC_PATH];
  console.log(`Public pages at ${base}: concurrency ${concurrency}, ${seconds} s per page (after a ${WARM_UP_SECONDS} s warm-up)`);
  console.log();

  // 1. Load, one page after another, same settings.
  const results: LoadResult[] = [];
  for (const path of pages) {
    await load(path, WARM_UP_SECONDS * 1000);
    results.push(await load(path, seconds * 1000));
  }
  const rate = (r: LoadResult) => r.requests / (r.elapsedMs / 1000);
  const staticRate = rate(results.find((r) => r.path === STATIC_PATH)!);
  const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));
  console.log(
    table(
      ['page', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'errors', `vs ${STATIC_PATH}`],
      results.map((r) => {
        const errors = [...r.errors.values()].reduce((n, c) => n + c, 0);
        return [r.path, rate(r).toFixed(0), ms(percentile(r.durations, 50)), ms(percentile(r.durations, 90)), ms(percentile(r.durations, 99)), String(errors), `${(rate(r) / staticRate).toFixed(2)}×`];
      }),
    ),
  );
  for (const r of results) {
    for (const [reason, count] of r.errors) console.log(`  ${r.path}: ${count} × ${reason}`);
  }
  console.log();

  // 2. First-load JavaScript, beside a bare Next page built now from the same next, react and
  // react-dom (into a fresh temporary folder, so the figure is of this run).
  const bareFolder = mkdtempSync(join(tmpdir(), 'bench-bare-next-'));
  let bare: BarePageWeight;
  try {
    bare = await buildBarePage(bareFolder);
  } finally {
    rmSync(bareFolder, { recursive: true, force: true });
  }
  const { next, react } = bare.versions;
  console.log(`First-load JavaScript (/_next/static/ scripts in the HTML; bare page: next ${next}, react ${react}, built in ${bare.buildSeconds} s)`);
  const budgeted = lightPagePaths(detail);
  const jsPages = [...budgeted, '/login'];
  console.log(table(['page', 'scripts', 'raw kB', 'gzip kB', 'vs bare', `budget ${FIRST_LOAD_BUDGET}×`], await firstLoadJs(jsPages, bare, new Set(budgeted))));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
