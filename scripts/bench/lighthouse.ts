// Lighthouse (mobile preset: a mid-range phone on a slow 4G link, simulated) over the public pages
// of a running app, in Debian's Chromium. Prints figures; asserts nothing (a benchmark, not part of
// `npm test`). Start the app first (`npm run build && npm start`, with its demo data), then:
//   npm run bench:lighthouse
// BENCH_BASE_URL (default http://localhost:3000) points at it; BENCH_RUNS (default 3) is how many
// runs each page gets, of which the median of every figure is printed; CHROME_PATH (default
// /usr/bin/chromium) is the browser; BENCH_EVENT_PATH replaces the event page found in
// /sitemap.xml. Pages: /, /events, one event's page and /de/events. Then, as the floor of this
// machine, a bare Next page built now from the same next, react and react-dom (as bench:public
// builds it), measured the same way; BENCH_BARE=0 leaves it out. Lighthouse multiplies the main
// thread's time by four, so another program busy on the machine moves the score by several points:
// each run first waits (up to a minute) until the processors are at least BENCH_IDLE (default 80)
// percent idle over a second, and the idle share it started at is printed. Targets (issue 14):
// performance >= 95, accessibility, best practices and SEO 100. Every audit that cost a point is
// listed under its page, so a regression says where to look.
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { withBarePage } from '../../src/server/testing/page-weight';
import { printMachine } from './report';

const base = (process.env.BENCH_BASE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const runs = Math.max(1, Math.round(Number(process.env.BENCH_RUNS ?? 3)) || 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const idleWanted = Math.min(100, Math.max(0, Number(process.env.BENCH_IDLE ?? 80) || 0));
const QUIET_WAIT_MS = 60_000;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const METRICS = [
  { id: 'largest-contentful-paint', label: 'LCP ms', digits: 0 },
  { id: 'total-blocking-time', label: 'TBT ms', digits: 0 },
  { id: 'cumulative-layout-shift', label: 'CLS', digits: 3 },
] as const;

// As ENVIRONMENT.md says: no sandbox as root, and nothing that phones home (offline machine).
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-default-apps', '--mute-audio'];

async function eventPath(): Promise<string> {
  if (process.env.BENCH_EVENT_PATH) return process.env.BENCH_EVENT_PATH;
  let xml: string;
  try {
    const response = await fetch(`${base}/sitemap.xml`);
    if (!response.ok) throw new Error(`${base}/sitemap.xml answered ${response.status}: is this the app?`);
    xml = await response.text();
  } catch (error) {
    if (error instanceof Error && error.message.includes('answered')) throw error;
    throw new Error(`Cannot reach ${base}. Start the app first (npm run build && npm start) or set BENCH_BASE_URL.`);
  }
  for (const [, loc] of xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)) {
    const path = new URL(loc!.replaceAll('&amp;', '&'), `${base}/`).pathname;
    if (/^\/events\/[^/]+$/.test(path)) return path;
  }
  throw new Error('no published event in /sitemap.xml: start the app with its demo data');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Plain-text table: first column left-aligned, the others right-aligned. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

interface PageFigures {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number[]>;
  metrics: Record<(typeof METRICS)[number]['id'], number[]>;
  /** How idle the processors were (percent) when each run started. */
  idle: number[];
  /** Audits that cost a point in some run, with the runs they failed in. */
  failing: Map<string, { category: string; title: string; runs: number; detail?: string }>;
}

// Lighthouse's own trace sometimes misses the navigation on a busy machine (NO_NAVSTART,
// NO_FCP...): such a run measured nothing, so it is run again rather than ending the bench.
const ATTEMPTS = 3;
const BARE_LABEL = 'bare Next page';

async function report(port: number, url: string): Promise<RunnerResult['lhr']> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
  for (let attempt = 1; ; attempt++) {
    const result: RunnerResult | undefined = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    const { code, message } = result.lhr.runtimeError;
    if (attempt === ATTEMPTS) throw new Error(`${url}: ${code} ${message} (${ATTEMPTS} attempts)`);
    process.stderr.write(`  ${url}: ${code}, measured again\n`);
  }
}

/** The share of the processors' time spent idle over the next second, in percent. */
async function idlePercent(): Promise<number> {
  const total = () => cpus().reduce((sum, cpu) => ({ idle: sum.idle + cpu.times.idle, all: sum.all + Object.values(cpu.times).reduce((a, b) => a + b, 0) }), { idle: 0, all: 0 });
  const before = total();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const after = total();
  return after.all === before.all ? 100 : (100 * (after.idle - before.idle)) / (after.all - before.all);
}

/** Waits until the machine is quiet (or a minute has passed); returns the idle share it ran at. */
async function quietMachine(): Promise<number> {
  const deadline = Date.now() + QUIET_WAIT_MS;
  for (;;) {
    const idle = await idlePercent();
    if (idle >= idleWanted || Date.now() >= deadline) return idle;
  }
}

async function audit(port: number, url: string, figures: PageFigures): Promise<void> {
  figures.idle.push(await quietMachine());
  const lhr = await report(port, url);
  for (const category of CATEGORIES) {
    const entry = lhr.categories[category]!;
    figures.scores[category].push(Math.round((entry.score ?? 0) * 100));
    for (const ref of entry.auditRefs) {
      const item = lhr.audits[ref.id];
      // Performance's opportunities are weighted 0: only audits that count, failed, are listed.
      if (!item || ref.weight === 0 || item.score === null || item.score >= 1 || item.scoreDisplayMode === 'informative') continue;
      const key = `${category}:${ref.id}`;
      const known = figures.failing.get(key);
      if (known) known.runs++;
      else figures.failing.set(key, { category, title: item.title, runs: 1, detail: item.displayValue });
    }
  }
  for (const metric of METRICS) figures.metrics[metric.id].push(lhr.audits[metric.id]?.numericValue ?? NaN);
}

async function measurePage(port: number, pageBase: string, path: string, label = path): Promise<PageFigures> {
  const figures: PageFigures = {
    path: label,
    scores: { performance: [], accessibility: [], 'best-practices': [], seo: [] },
    metrics: { 'largest-contentful-paint': [], 'total-blocking-time': [], 'cumulative-layout-shift': [] },
    idle: [],
    failing: new Map(),
  };
  for (let run = 0; run < runs; run++) {
    process.stderr.write(`  ${label}: run ${run + 1} of ${runs}\n`);
    await audit(port, `${pageBase}${path}`, figures);
  }
  return figures;
}

async function main() {
  printMachine('the app at ' + base + ', its own backend');
  const pages = ['/', '/events', await eventPath(), '/de/events'];
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const results: PageFigures[] = [];
  try {
    console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset, ${runs} run(s) per page, at ${base}`);
    for (const path of pages) results.push(await measurePage(chrome.port, base, path));
    if (process.env.BENCH_BARE !== '0') {
      process.stderr.write('  building a bare Next page (the floor)...\n');
      const folder = mkdtempSync(join(tmpdir(), 'bench-lighthouse-bare-'));
      try {
        results.push(await withBarePage(folder, (bareBase) => measurePage(chrome.port, bareBase, '/', BARE_LABEL)));
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    }
  } finally {
    chrome.kill();
  }

  console.log();
  const header = ['page', 'perf', 'a11y', 'best pr.', 'SEO', ...METRICS.map((metric) => metric.label), 'idle %'];
  const rows = results.map((figures) => [
    figures.path,
    ...CATEGORIES.map((category) => {
      const value = median(figures.scores[category]);
      if (figures.path === BARE_LABEL && category !== 'performance') return `(${value})`;
      return `${value}${value < TARGETS[category] ? ' (<' + TARGETS[category] + ')' : ''}`;
    }),
    ...METRICS.map((metric) => median(figures.metrics[metric.id]).toFixed(metric.digits)),
    figures.idle.map((idle) => Math.round(idle)).join('/'),
  ]);
  console.log(table(header, rows));
  console.log(`(median of ${runs} run(s) each; targets: performance >= 95, the others 100; idle %: the processors' idle share as each run started, waited for up to ${QUIET_WAIT_MS / 1000} s to reach ${idleWanted})`);
  for (const figures of results) {
    // The bare page has no title or description: only its performance is the floor.
    if (figures.failing.size === 0 || figures.path === BARE_LABEL) continue;
    console.log();
    console.log(`${figures.path}: audits that cost points`);
    for (const { category, title, runs: failed, detail } of figures.failing.values()) {
      console.log(`  [${category}] ${title}${detail ? ` (${detail})` : ''}${failed < runs ? ` (in ${failed} of ${runs} runs)` : ''}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
