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
//   2. First-load JavaScript of the public pages: the /_next/static/ scripts their HTML loads,
//      raw and gzipped (level 9).
import http from 'node:http';
import https from 'node:https';
import { gzipSync } from 'node:zlib';

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

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
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

async function firstLoadJs(paths: string[]): Promise<string[][]> {
  // Each script is fetched and compressed once, however many pages load it.
  const sizes = new Map<string, Promise<{ raw: number; gzip: number }>>();
  const size = (url: string) => {
    let sized = sizes.get(url);
    if (!sized) {
      sized = get(url).then(async (response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        const body = new Uint8Array(await response.arrayBuffer());
        return { raw: body.byteLength, gzip: gzipSync(body, { level: 9 }).byteLength };
      });
      sizes.set(url, sized);
    }
    return sized;
  };
  const rows: string[][] = [];
  for (const path of paths) {
    const response = await get(path);
    if (response.status !== 200) {
      rows.push([path, `HTTP ${response.status}`, '-', '-']);
      continue;
    }
    const html = await response.text();
    const urls = new Set<string>();
    for (const [, src] of html.matchAll(/<script\b[^>]*?\ssrc="([^"]+)"/g)) {
      const url = new URL(src!.replaceAll('&amp;', '&'), `${base}${path}`);
      if (url.pathname.startsWith('/_next/static/')) urls.add(url.href);
    }
    let raw = 0;
    let gzip = 0;
    for (const sized of await Promise.all([...urls].map(size))) {
      raw += sized.raw;
      gzip += sized.gzip;
    }
    rows.push([path, String(urls.size), (raw / 1024).toFixed(1), (gzip / 1024).toFixed(1)]);
  }
  return rows;
}

async function main() {
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

  // 2. First-load JavaScript.
  console.log('First-load JavaScript (/_next/static/ scripts in the HTML)');
  const jsPages = ['/', '/events', detail, '/about', '/impressum', '/login', '/de/events'];
  console.log(table(['page', 'scripts', 'raw kB', 'gzip kB'], await firstLoadJs(jsPages)));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
