// First-load JavaScript of a page, and of a bare Next page built from the same next, react and
// react-dom, for the budget of the light public pages: npm run bench:public prints both, and
// e2e/page-weight.spec.ts fails when a public page grows past the budget. Plain Node (no Next,
// no aliases), so the bench (tsx), Playwright and vitest all load it.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setPriority, tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { COMPILE_HINT } from '../../../scripts/compile-hints.mjs';

/** A light public page loads at most this many times the bare page's first-load JavaScript (gzip). */
export const FIRST_LOAD_BUDGET = 1.15;

/**
 * What the guard in `npm test` lets the pages load: the budget itself since they reached it
 * (2.53 with Firebase Auth on every page; 2.14 once it loaded only where someone signs in; 1.14
 * once tRPC, React Query, the dialog code and the ICU parser left the first load, decision 027).
 */
export const FIRST_LOAD_CEILING = FIRST_LOAD_BUDGET;

/** The light public pages of the issue, without the locale prefix; each is checked in every language. */
export const LIGHT_PAGES = ['/', '/events', '/events/[slug]', '/about', '/impressum'] as const;

/**
 * The light pages in English (no prefix) and German (/de), with `eventPath` (an event's page,
 * such as /events/members-open-house) for the event page.
 */
export function lightPagePaths(eventPath: string): string[] {
  const english = LIGHT_PAGES.map((page) => (page === '/events/[slug]' ? eventPath : page));
  return [...new Set([...english, ...english.map((path) => (path === '/' ? '/de' : `/de${path}`))])];
}

/**
 * Where the spec keeps the bare page's figures between runs (one folder per machine, keyed by the
 * versions inside), so repeated `npm test` runs build it only when next, react or react-dom change.
 */
export const BARE_PAGE_CACHE = join(tmpdir(), 'venue-bare-next-page');

export interface ScriptWeight {
  url: string;
  /** Bytes of the script itself (fetch undoes any encoding the server sent it in). */
  raw: number;
  /** Bytes gzipped at level 9, on its own, as a browser downloads each script. */
  gzip: number;
  /** Whether it asks to be compiled while it downloads (scripts/compile-hints.mjs, decision 037). */
  compileHint: boolean;
}

export interface PageWeight {
  raw: number;
  gzip: number;
  /** Each script, in the order the HTML names them. */
  scripts: ScriptWeight[];
}

export interface BarePageWeight extends PageWeight {
  versions: { next: string; react: string; 'react-dom': string };
  /** How long the build took when it was made (not this call, if it came from the cache). */
  buildSeconds: number;
  cached: boolean;
}

/**
 * The scripts a page's HTML makes the browser load at first load: `<script src>` (except
 * `nomodule` ones, which browsers with module support neither fetch nor run), and
 * `<link rel="preload" as="script">` / `<link rel="modulepreload">`, which are fetched at once
 * too (Next with Turbopack preloads one of its runtime chunks that way), under `/_next/static/`.
 * Inline scripts are not counted: in Next they carry the page's React Server Components payload
 * (data, different on every page, not code), and Next's own "First Load JS" never counted them.
 * Chunks loaded later (next/dynamic, lazy routes) are not first load either.
 */
export function firstLoadScripts(html: string, baseUrl: string): string[] {
  const urls = new Set<string>();
  // One pass, so that neither a comment nor the text of an inline script (where a tag is only a
  // string) is read as markup.
  const elements = /<!--[\s\S]*?-->|<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>[\s\S]*?<\/script\s*>|<link\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
  for (const [, scriptAttributes, linkAttributes] of html.matchAll(elements)) {
    let address: string | undefined;
    if (scriptAttributes !== undefined) {
      const attributes = parseAttributes(scriptAttributes);
      if (attributes.has('nomodule')) continue;
      const type = attributes.get('type')?.toLowerCase();
      if (type !== undefined && type !== '' && type !== 'module' && !/^(text|application)\/(x-)?(java|ecma)script$/.test(type)) continue;
      address = attributes.get('src');
    } else if (linkAttributes !== undefined) {
      const attributes = parseAttributes(linkAttributes);
      const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
      const preloadsScript = rel.includes('preload') && attributes.get('as')?.toLowerCase() === 'script';
      if (preloadsScript || rel.includes('modulepreload')) address = attributes.get('href');
    }
    if (!address) continue;
    const url = new URL(address, baseUrl);
    if (url.pathname.includes('/_next/static/')) urls.add(url.href);
  }
  return [...urls];
}

function parseAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, doubleQuoted, singleQuoted, bare] of text.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const key = name!.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, decodeEntities(doubleQuoted ?? singleQuoted ?? bare ?? ''));
  }
  return attributes;
}

/** The entities React and Next write into attribute values (URLs with query strings). */
function decodeEntities(value: string): string {
  return value.replace(/&(amp|quot|#39|#x27|lt|gt);/g, (_, entity: string) => ({ amp: '&', quot: '"', '#39': "'", '#x27': "'", lt: '<', gt: '>' })[entity]!);
}

// Chunk names are content hashes, so a URL's figures never change: each script is fetched and
// compressed once per process, however many pages load it.
const scriptSizes = new Map<string, Promise<ScriptWeight>>();

function scriptSize(url: string): Promise<ScriptWeight> {
  let size = scriptSizes.get(url);
  if (!size) {
    size = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const body = new Uint8Array(await response.arrayBuffer());
      const compileHint = new TextDecoder().decode(body.subarray(0, COMPILE_HINT.length)) === COMPILE_HINT;
      return { url, raw: body.byteLength, gzip: gzipSync(body, { level: 9 }).byteLength, compileHint };
    });
    size.catch(() => scriptSizes.delete(url));
    scriptSizes.set(url, size);
  }
  return size;
}

const sum = (scripts: ScriptWeight[], figure: 'raw' | 'gzip') => scripts.reduce((total, script) => total + script[figure], 0);

/** Weighs scripts by URL, as first load's are weighed. */
export async function weighScripts(urls: readonly string[]): Promise<PageWeight> {
  const scripts = await Promise.all(urls.map(scriptSize));
  return { raw: sum(scripts, 'raw'), gzip: sum(scripts, 'gzip'), scripts };
}

/**
 * What the public programme may load after first load to keep its list live (gzip bytes): its
 * stream reader and the feed table, a few kB. The tRPC client alone is about 9 kB and the schema
 * library about 30 kB: neither belongs on a signed-out visitor's phone (decision 027).
 */
export const LIVE_PROGRAMME_BUDGET = 6 * 1024;

/** Fetches `path` from the server at `baseUrl` (it must answer 200, not redirect) and weighs its first-load scripts. */
export async function measure(baseUrl: string, path: string): Promise<PageWeight> {
  const pageUrl = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href;
  let response: Response;
  try {
    response = await fetch(pageUrl, { redirect: 'manual' });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new Error(`Cannot reach ${pageUrl}${cause}`);
  }
  if (response.status !== 200) throw new Error(`${pageUrl} answered ${response.status}${response.headers.get('location') ? ` (to ${response.headers.get('location')})` : ''}, not 200`);
  const scripts = await Promise.all(firstLoadScripts(await response.text(), pageUrl).map(scriptSize));
  return { raw: sum(scripts, 'raw'), gzip: sum(scripts, 'gzip'), scripts };
}

// The bare page: what `create-next-app` leaves once its styles and pictures are gone. Plain JSX,
// so the build needs no TypeScript (Next would try to install it); types do not reach the bundle.
const BARE_APP: Record<string, string> = {
  'package.json': `${JSON.stringify({ name: 'bare-next-page', private: true }, null, 2)}\n`,
  'app/layout.js': 'export default function RootLayout({ children }) {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  );\n}\n',
  'app/page.js': 'export default function Page() {\n  return <h1>Hello</h1>;\n}\n',
};
// Bump when the way of measuring changes, so figures cached by an older recipe are not reused.
const RECIPE = 1;
const RESULT_FILE = 'first-load.json';
const BUILD_TIMEOUT_MS = 180_000;

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Where Node would find package `name` from a module in `fromDir`. Looked up by hand, not with
 * require.resolve: packages whose `exports` leave out package.json cannot be resolved that way.
 */
function packageDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) return undefined; // not installed (an optional dependency for another platform)
  }
}

function readPackage(dir: string): { version: string; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; bin?: Record<string, string> } {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
}

/** next, react, react-dom and everything they depend on, as installed in this repository. */
function installedClosure(): Map<string, string> {
  const found = new Map<string, string>(); // folder under node_modules -> installed folder
  const modules = join(REPO_ROOT, 'node_modules');
  const visit = (name: string, fromDir: string) => {
    const dir = packageDir(name, fromDir);
    if (!dir || [...found.values()].includes(dir)) return;
    const inside = relative(modules, dir);
    found.set(inside.startsWith('..') ? name : inside, dir);
    const pkg = readPackage(dir);
    for (const dependency of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) visit(dependency, dir);
  };
  for (const name of ['next', 'react', 'react-dom']) visit(name, REPO_ROOT);
  return found;
}

/**
 * Hard links (a copy across file systems) of a package's files. Not a symlink: Turbopack refuses
 * modules whose real path lies outside the project, which symlinks to the repository's
 * node_modules are. Links cost no space and take about a second for next's 10,000 files.
 */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

function childEnvironment(): NodeJS.ProcessEnv {
  // A plain production build: nothing of the caller's test runner (its NODE_ENV, a loader in
  // NODE_OPTIONS) or of this app's Next settings may shape the bare page.
  const env: Record<string, string | undefined> = { NEXT_TELEMETRY_DISABLED: '1' };
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(NODE_ENV|NODE_OPTIONS|NEXT_.*|__NEXT.*|TURBOPACK.*|PORT|HOSTNAME)$/.test(key)) env[key] ??= value;
  }
  // Next's types say NODE_ENV is always set; leaving it out is the point (next sets it itself).
  return env as NodeJS.ProcessEnv;
}

interface Finished {
  code: number | null;
  output: string;
}

function run(command: string[], cwd: string): { child: ChildProcess; finished: Promise<Finished> } {
  const child = spawn(process.execPath, command, { cwd, env: childEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
  // Lower priority: on a two-core machine the other end-to-end tests keep running meanwhile.
  try {
    if (child.pid) setPriority(child.pid, 10);
  } catch {
    // Not allowed here: the build only runs at the same priority.
  }
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const finished = new Promise<Finished>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
  return { child, finished };
}

/** A port free right now: Next cannot be asked for port 0, so ask the system for one and release it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` while holding `folder`'s lock, so two test workers or runs never build there at once. */
async function withLock<T>(folder: string, work: () => Promise<T>): Promise<T> {
  const lock = join(folder, '.lock');
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (lockIsStale(lock)) rmSync(lock, { force: true });
    else if (Date.now() > deadline) throw new Error(`${lock} is held by another process; remove it if none is building there.`);
    else await sleep(500);
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}

function lockIsStale(lock: string): boolean {
  try {
    const pid = Number(readFileSync(lock, 'utf8'));
    if (!pid) return Date.now() - statSync(lock).mtimeMs > 5_000; // still being written, or left empty
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // ESRCH: its process is gone. ENOENT: released meanwhile; try again.
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
}

/**
 * Builds the bare page into `folder` with this repository's next, react and react-dom (no
 * network: their installed files are linked in), serves it with `next start`, measures `/`, and
 * stops it. The figures are kept in the folder: called again with the same versions, it returns
 * them without building.
 */
export async function buildBarePage(folder: string): Promise<BarePageWeight> {
  mkdirSync(folder, { recursive: true });
  const packages = installedClosure();
  const versionOf = (name: string) => readPackage(packages.get(name)!).version;
  const versions = { next: versionOf('next'), react: versionOf('react'), 'react-dom': versionOf('react-dom') };
  const key = JSON.stringify({ recipe: RECIPE, versions, app: BARE_APP });
  const resultPath = join(folder, RESULT_FILE);
  const cached = (): BarePageWeight | undefined => {
    if (!existsSync(resultPath)) return undefined;
    try {
      const saved = JSON.parse(readFileSync(resultPath, 'utf8')) as { key: string; weight: BarePageWeight };
      return saved.key === key ? { ...saved.weight, cached: true } : undefined;
    } catch {
      return undefined; // unreadable: built again
    }
  };
  const early = cached();
  if (early) return early;

  return withLock(folder, async () => {
    const done = cached(); // another process may have built it while this one waited
    if (done) return done;
    return withBarePage(folder, async (baseUrl, buildSeconds) => {
      const weight = await measure(baseUrl, '/');
      // Keep the file names only: the port is gone once the server stops.
      const scripts = weight.scripts.map((script) => ({ ...script, url: new URL(script.url).pathname }));
      const result: BarePageWeight = { ...weight, scripts, versions, buildSeconds, cached: false };
      // Written whole, then renamed: a reader that takes no lock never sees half of it.
      writeFileSync(`${resultPath}.part`, `${JSON.stringify({ key, weight: result }, null, 2)}\n`);
      renameSync(`${resultPath}.part`, resultPath);
      return result;
    });
  });
}

/**
 * Builds the bare page into `folder` with this repository's next, react and react-dom (no
 * network: their installed files are linked in), serves it with `next start` on a free loopback
 * port while `work` runs against it, then stops it and removes the build. The caller owns `folder`.
 */
export async function withBarePage<T>(folder: string, work: (baseUrl: string, buildSeconds: number) => Promise<T>): Promise<T> {
  mkdirSync(folder, { recursive: true });
  const packages = installedClosure();
  for (const old of ['node_modules', '.next', 'app']) rmSync(join(folder, old), { recursive: true, force: true });
  for (const [file, text] of Object.entries(BARE_APP)) {
    mkdirSync(dirname(join(folder, file)), { recursive: true });
    writeFileSync(join(folder, file), text);
  }
  for (const [inside, dir] of packages) linkTree(dir, join(folder, 'node_modules', ...inside.split(sep)));
  const nextBin = join(folder, 'node_modules', 'next', readPackage(packages.get('next')!).bin!.next!);

  try {
    const started = Date.now();
    const building = run([nextBin, 'build'], folder);
    // Given up well before the spec's hook times out, so no build is left running without us.
    const tooLong = setTimeout(() => building.child.kill('SIGKILL'), BUILD_TIMEOUT_MS);
    const build = await building.finished.finally(() => clearTimeout(tooLong));
    if (build.code !== 0) throw new Error(`next build of the bare page in ${folder} failed (${build.code === null ? `stopped after ${BUILD_TIMEOUT_MS / 1000} s` : `exit ${build.code}`}):\n${build.output}`);
    const buildSeconds = Math.round((Date.now() - started) / 100) / 10;

    const port = await freePort();
    const server = run([nextBin, 'start', '--hostname', '127.0.0.1', '--port', String(port)], folder);
    try {
      const baseUrl = `http://127.0.0.1:${port}`;
      await untilServing(baseUrl, server.finished);
      return await work(baseUrl, buildSeconds);
    } finally {
      server.child.kill('SIGTERM');
      const exit = setTimeout(() => server.child.kill('SIGKILL'), 5_000);
      await server.finished.catch(() => undefined);
      clearTimeout(exit);
    }
  } finally {
    // The figures are all that is kept: the links would pin old versions' files on disk.
    for (const made of ['node_modules', '.next']) rmSync(join(folder, made), { recursive: true, force: true });
  }
}

async function untilServing(baseUrl: string, exited: Promise<Finished>): Promise<void> {
  let gone: Finished | undefined;
  exited.then(
    (finished) => (gone = finished),
    (error: unknown) => (gone = { code: null, output: String(error) }),
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`next start of the bare page exited (${gone.code}):\n${gone.output}`);
    try {
      const response = await fetch(baseUrl, { redirect: 'manual' });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`next start of the bare page did not answer at ${baseUrl} within a minute`);
}

/** Bytes as the bench and the spec print them. */
export function kB(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}
