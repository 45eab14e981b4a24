// Benchmark of the door on a running server (embedded backend). Prints figures; asserts nothing.
// Start the app first (`npm run build && npm start`, with its demo data: the open house is
// running for eight hours after the first start), then:
//   npm run bench:door
// BENCH_BASE_URL (default http://localhost:3000) points at it, BENCH_DATA_DIR (default .data) at
// its data directory (the launcher's record of its processes) and BENCH_AUTH_EMULATOR (default
// 127.0.0.1:9099) at its Auth emulator. The demo member's pass is moved to a phone key the
// benchmark makes (as the pass page does), which signs its NL3 codes (decision 042). BENCH_SCANNERS (default 20)
// and BENCH_SECONDS (default 10) set the load; BENCH_PART=trips, offline, list, scan or decode runs one part alone;
// BENCH_CODE=NL2 signs the codes as phones did before issue 48 (for a server of that time).
//   0. Store round trips per scan, in this process (no app needed): every read, count and commit
//      of a fresh embedded store waits 20 ms first, as on Firestore; the latency of entry, exit,
//      re-entry and bar scans and the sequential round trips each makes (counted in this run):
//      an entry of a pass the server has not seen yet, and scans once a door's list has told the
//      server whose each pass is.
//   1. door.scan through HTTP: 20 scanners (the demo door account, each signed in on its own) send
//      codes as fast as answers come back, for the open house, over keep-alive connections:
//      validations per second and p50/p99 latency. Beside it, measured the same way and in turns
//      with it (six rounds, each row a slice of each), identity.me (the session resolved),
//      inbox.markAllRead (the least a signed-in mutation costs: its ratio is the ceiling of the
//      scan's) and health.check (nothing at all). The ratio of scan to health.check is the figure
//      that travels between machines. Beside them, the CPU time per request of the app's process
//      and of the Auth emulator (read from /proc): on a shared machine, where throughput moves with
//      whatever else runs, that does not.
//   3. The offline decision time on the scanner (decision 043): a scan decided from a door list of
//      500 members and 2,000 tickets in this process (signature with the pass's public key, window,
//      membership, standing; the key imported on a pass's first scan, then kept; a ticket's code
//      checked with the ticket public key, decision 050), the list's size and the time to make it,
//      and the durable write to
//      IndexedDB (durability "strict") that precedes the verdict, in Chromium on the app's origin.
//      Decode (part 2) + decision + write is the time from the camera to an offline verdict.
//   4. The door list for 20,000 members (decision 053), in this process (no app needed), on a
//      fresh embedded store in a temporary file: the first whole list (time, requests, bytes as
//      sent, store reads), then what changed after a few changes (a member added, a membership
//      ended, a pass rotated, a ban, a ticket, five admissions) and after none, and the list as the
//      phone stores it (V8's structured clone, what Chromium's IndexedDB writes). Store reads are
//      counted as Firestore bills them (a document read, a lookup of a missing one, 1 per 1,000
//      index entries counted, at least 1 a query). BENCH_PART=list runs it alone.
//   2. The scanner's decode time: Chromium films a 1280x720 frame with a pass in it (a fake
//      webcam, the views of pass-views.ts) on /scanner, and the page's zxing-wasm worker reports
//      each decode to the performance timeline: the median over the first 50 decodes and how many
//      found the pass, held up close, at a dark door (a dim screen at arm's length, out of focus)
//      and too far, for the NL3 code as the pass draws it now (`codeQr`: digits, QR version 5, a
//      margin of 2) beside NL2 and NL1 as the pass drew them before issue 48 (versions 7 and 4, a
//      margin of 4). `npm run bench:pass-decode` measures the same without the app (decision 042).
import { readFileSync, readdirSync, readlinkSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { serialize } from 'node:v8';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { base64url, formatPassCode, lowS, parsePassCode, signedMessage, type SignedCode } from '../../src/features/door/pass-code';
import { codeQr } from '../../src/features/door/code-qr';
import { cameraVideo, VIEWS, type View } from './pass-views';
import { RATE_POLICIES } from '../../src/server/http/rate-limit';
import { fmt, percentile, printMachine, ratioOrRefusals } from './report';

const base = (process.env.BENCH_BASE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const dataDir = process.env.BENCH_DATA_DIR ?? '.data';
const emulator = process.env.BENCH_AUTH_EMULATOR ?? '127.0.0.1:9099';
const scanners = Math.ceil(positive('BENCH_SCANNERS', 20));
const seconds = positive('BENCH_SECONDS', 10);
const EVENT = 'demo-event-open-house';
/** The codes the bench's phone signs: NL3 as phones do now; BENCH_CODE=NL2 for a server from before issue 48. */
const CODE_FORMAT = process.env.BENCH_CODE === 'NL2' ? 'NL2' : 'NL3';
const MEMBER = { email: 'member@nordlicht.example', password: 'nordlicht-member' };

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not "${raw}".`);
  return value;
}

/** The demo member's phone: a key pair registered for the pass; the code of the current window, signed once per window. */
async function memberPhone(): Promise<() => Promise<string>> {
  const cookie = await sessionCookie(MEMBER.email, MEMBER.password);
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64url');
  const registered = await fetch(`${base}/api/trpc/pass.register`, { method: 'POST', headers: { cookie, origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ json: { publicKey } }) });
  if (!registered.ok) throw new Error(`pass.register answered ${registered.status}: ${await registered.text()}`);
  const { passId, version } = ((await registered.json()) as { result: { data: { json: { passId: string; version: number } } } }).result.data.json;
  let shown: { step: number; code: Promise<string> } | undefined;
  return () => {
    const step = Math.floor(Date.now() / 30_000);
    if (shown?.step !== step) {
      const code = crypto.subtle
        .sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, new TextEncoder().encode(signedMessage(CODE_FORMAT, version, passId, step)))
        .then((signature) => formatPassCode({ format: CODE_FORMAT, passId, step, signature: base64url(lowS(new Uint8Array(signature))) }));
      shown = { step, code };
    }
    return shown.code;
  };
}

async function sessionCookie(email: string, password: string): Promise<string> {
  const signIn = await fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!signIn.ok) throw new Error(`The Auth emulator at ${emulator} refused ${email}: is the app running with its demo data? (${signIn.status})`);
  const { idToken } = (await signIn.json()) as { idToken: string };
  const session = await fetch(`${base}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ idToken }) });
  const cookie = session.headers.getSetCookie().find((line) => line.startsWith('__session='));
  if (!cookie) throw new Error(`No session from ${base}/api/session (${session.status}).`);
  return cookie.split(';')[0]!;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: scanners });

function requestWithBody(method: 'GET' | 'POST', path: string, cookie: string, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const outgoing = http.request(
      { method, hostname: url.hostname, port: url.port, path: url.pathname + url.search, agent, headers: { cookie, origin: base, 'content-type': 'application/json', ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function request(method: 'GET' | 'POST', path: string, cookie: string, body?: string): Promise<number> {
  return (await requestWithBody(method, path, cookie, body)).status;
}

/**
 * The process listening on a loopback TCP port (Linux: /proc), so its CPU time can be read. Wall
 * time on a shared two-core machine moves with whatever else runs; CPU time per request does not.
 */
function listeningProcess(port: number): number | null {
  try {
    const hex = port.toString(16).toUpperCase().padStart(4, '0');
    const inodes = new Set<string>();
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
        const fields = line.trim().split(/\s+/);
        if (fields[1]?.endsWith(`:${hex}`) && fields[3] === '0A') inodes.add(fields[9]!);
      }
    }
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        for (const fd of readdirSync(`/proc/${pid}/fd`)) {
          const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
          if (target.startsWith('socket:[') && inodes.has(target.slice(8, -1))) return Number(pid);
        }
      } catch {
        // a process that ended, or not ours to read
      }
    }
  } catch {
    // not Linux
  }
  return null;
}

/** User plus system CPU time of a process so far, in milliseconds (null where it cannot be read). */
function cpuMs(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

const appProcess = listeningProcess(Number(new URL(base).port || 80));
/** The Auth emulator itself: behind the account journal (decision 029) its port is private, so the launcher's record names it. */
function emulatorProcessId(): number | null {
  try {
    return (JSON.parse(readFileSync(join(dataDir, 'run', 'launcher.json'), 'utf8')) as { emulatorPid?: number }).emulatorPid ?? null;
  } catch {
    return listeningProcess(Number(emulator.split(':')[1]));
  }
}
const emulatorProcess = emulatorProcessId();

interface LoadResult {
  perSecond: number;
  /** Answered 200. */
  answered: number;
  /** Answered 429: the rate limit, which a run must stay inside to be a figure. */
  refused: number;
  /** Any other answer or a failed connection. */
  failed: number;
  p50: number;
  p99: number;
  /** The app's and the Auth emulator's CPU per request, µs (null where /proc cannot be read). */
  appCpuUs: number | null;
  authCpuUs: number | null;
  /** Why the row ended: its time, or a scanner's share of the rate limit spent. */
  ended: string;
}

interface LoadRow {
  label: string;
  send: (worker: number, n: number) => Promise<number>;
  /** The most requests a client may have sent after `elapsedSeconds` of this row (its share of a rate limit). */
  budget?: (elapsedSeconds: number) => number;
}

/** What one row has gathered over its slices. */
interface Tally {
  latencies: number[];
  refused: number;
  failed: number;
  /** Seconds the row ran, over all its slices. */
  elapsed: number;
  /** Requests each client sent, over all slices. */
  sent: number[];
  app: number | null;
  auth: number | null;
  ended: string | null;
}

/** `scanners` clients each sending as soon as its last answer came, for `sliceSeconds` or until one has spent its budget. */
async function slice(row: LoadRow, tally: Tally, sliceSeconds: number): Promise<void> {
  let stop = false;
  const started = performance.now();
  const until = started + sliceSeconds * 1000;
  const cpuBefore = [cpuMs(appProcess), cpuMs(emulatorProcess)];
  await Promise.all(
    Array.from({ length: scanners }, async (_, worker) => {
      while (!stop && performance.now() < until) {
        const n = tally.sent[worker]!;
        if (row.budget && n + 1 > row.budget(tally.elapsed + (performance.now() - started) / 1000)) {
          stop = true;
          tally.ended = `after ${(tally.elapsed + (performance.now() - started) / 1000).toFixed(1)} s, when a client had spent its share of the rate limit`;
          break;
        }
        tally.sent[worker] = n + 1;
        const at = performance.now();
        const status = await row.send(worker, n).catch(() => 0);
        tally.latencies.push(performance.now() - at);
        if (status === 429) tally.refused++;
        else if (status !== 200) tally.failed++;
      }
    }),
  );
  tally.elapsed += (performance.now() - started) / 1000;
  const cpuAfter = [cpuMs(appProcess), cpuMs(emulatorProcess)];
  const used = cpuAfter.map((after, index) => (after === null || cpuBefore[index] === null ? null : after - cpuBefore[index]!));
  // CPU time is known for the row only if it was readable in every slice.
  tally.app = tally.app === null || used[0] === null ? null : tally.app + used[0]!;
  tally.auth = tally.auth === null || used[1] === null ? null : tally.auth + used[1]!;
}

/**
 * The rows measured in turns: `rounds` rounds, each giving every row a slice of `seconds / rounds`,
 * so whatever else the machine does meanwhile falls on all rows alike, and their ratios compare
 * like with like. Each row is printed with its throughput, latency and CPU per request.
 */
async function interleaved(rows: readonly LoadRow[], rounds = 6): Promise<LoadResult[]> {
  const tallies: Tally[] = rows.map(() => ({ latencies: [], refused: 0, failed: 0, elapsed: 0, sent: Array.from({ length: scanners }, () => 0), app: 0, auth: 0, ended: null }));
  for (let round = 0; round < rounds; round++) {
    for (const [index, row] of rows.entries()) {
      if (tallies[index]!.ended === null) await slice(row, tallies[index]!, seconds / rounds);
    }
  }
  return rows.map((row, index) => {
    const tally = tallies[index]!;
    const { latencies, refused, failed } = tally;
    const answered = latencies.length - refused - failed;
    const perRequest = (ms: number | null) => (ms === null || latencies.length === 0 ? null : (ms * 1000) / latencies.length);
    const ended = tally.ended ?? `after ${tally.elapsed.toFixed(1)} s in ${rounds} slices`;
    const result: LoadResult = { perSecond: answered / tally.elapsed, answered, refused, failed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), appCpuUs: perRequest(tally.app), authCpuUs: perRequest(tally.auth), ended };
    const cpu = (us: number | null) => (us === null ? 'n/a' : `${us.toFixed(0)} µs`);
    console.log(
      `  ${row.label.padEnd(13)} ${result.perSecond.toFixed(0).padStart(6)} answered/s   p50 ${result.p50.toFixed(1).padStart(6)} ms   p99 ${result.p99.toFixed(1).padStart(6)} ms   CPU per request: app ${cpu(result.appCpuUs)}, Auth emulator ${cpu(result.authCpuUs)}   ${answered} answered ${ended}`,
    );
    if (refused + failed > 0) console.log(`  ${''.padEnd(13)} refused (429) ${refused}, failed ${failed}: not counted above, and no ratio is given`);
    return result;
  });
}

async function validations() {
  const code = await memberPhone();
  // One sign-in per scanner, as twenty door phones each have their own (the rate limit is per
  // account and sign-in: decision 016); the door account signed in on each.
  const cookies = await Promise.all(Array.from({ length: scanners }, () => sessionCookie('door@nordlicht.example', 'nordlicht-door')));
  const { burst, perMinute } = RATE_POLICIES.doorScans;
  console.log(
    `door.scan and health.check, ${scanners} concurrent clients each on its own sign-in, up to ${seconds} s each in six turns (each scanner within its rate limit of ${burst} at once and ${perMinute} a minute), ${base}`,
  );
  let verdicts = new Map<string, number>();
  const scan = async (worker: number, n: number) => {
    const body = JSON.stringify({ json: { eventId: EVENT, mode: 'entry', code: await code(), nonce: `bench${worker}x${n}x${Date.now().toString(36)}`, source: 'camera', device: `Bench door ${worker}` } });
    const { status, text } = await requestWithBody('POST', '/api/trpc/door.scan', cookies[worker]!, body);
    if (status === 200) {
      const verdict = /"verdict":"([A-Za-z-]+)"/.exec(text)?.[1] ?? 'unknown';
      verdicts.set(verdict, (verdicts.get(verdict) ?? 0) + 1);
    }
    return status;
  };
  // A scanner's share: its burst less one, and what refills while it runs, less a margin for the
  // bucket's clock and ours.
  const share = (elapsed: number) => burst - 1 + Math.floor((perMinute / 60) * elapsed * 0.95);
  // A first scan admits the member; the run then measures what a door does all night: scans of
  // a pass whose answer is decided (here "already inside"), each verified, looked up and logged.
  await scan(0, -1);
  verdicts = new Map();
  // Beside the scan, the same requests without it, measured in turns with it (so a busy moment of
  // the machine falls on every row alike): the session resolved (identity.me, a signed-in query
  // that only returns who is calling); the least any signed-in mutation costs (markAllRead: a POST
  // with the session resolved, one indexed read of the door account's empty unread inbox, nothing
  // written; a scan does all of that and more, so its ratio is the ceiling of door.scan's); and
  // nothing at all (health.check, public). The differences between the rows are where a scan's
  // time goes over HTTP.
  const [scans, me, mutation, health] = (await interleaved([
    { label: 'door.scan', send: scan, budget: share },
    { label: 'identity.me', send: (worker) => request('GET', '/api/trpc/identity.me', cookies[worker]!) },
    { label: 'markAllRead', send: (worker) => request('POST', '/api/trpc/inbox.markAllRead', cookies[worker]!) },
    { label: 'health.check', send: () => request('GET', '/api/trpc/health.check', cookies[0]!) },
  ])) as [LoadResult, LoadResult, LoadResult, LoadResult];
  console.log(`  ${''.padEnd(13)} door.scan's verdicts: ${[...verdicts].map(([verdict, count]) => `${verdict} ${count}`).join(', ')}`);
  if (scans.appCpuUs !== null && me.appCpuUs !== null && health.appCpuUs !== null) {
    console.log(
      `  where a scan's CPU goes in the app: ${fmt(health.appCpuUs)} µs a request of any procedure (HTTP, Next, tRPC), ${fmt(me.appCpuUs - health.appCpuUs)} µs resolving the session, ${fmt(scans.appCpuUs - me.appCpuUs)} µs the scan itself`,
    );
  }
  console.log(
    `  a signed-in mutation that changes nothing answers at ${ratioOrRefusals({ value: mutation.perSecond, refused: mutation.refused + mutation.failed, label: 'markAllRead' }, { value: health.perSecond, refused: health.refused + health.failed, label: 'health.check' })} of health.check's rate: no scan can answer faster`,
  );
  if (scans.appCpuUs !== null && health.appCpuUs !== null) {
    console.log(`  by the app's CPU per request, a scan costs ${fmt(scans.appCpuUs / health.appCpuUs, 2)}× a health.check (what the rate ratio tends to where the app's CPU is what runs out)`);
  }
  console.log(
    `  door.scan answers at ${ratioOrRefusals({ value: scans.perSecond, refused: scans.refused + scans.failed, label: 'door.scan' }, { value: health.perSecond, refused: health.refused + health.failed, label: 'health.check' }, { at: 'least', value: 0.8 })} of health.check's rate, in this run`,
  );
}

/** The median decode time and how many decodes found a code, its QR matrix filmed as `view` by a fake webcam on /scanner. */
async function decodeTime(modules: boolean[][], view: View): Promise<{ median: number; found: number; decodes: number }> {
  const y4m = await cameraVideo(modules, view);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${y4m}`],
  });
  const context = await browser.newContext({ permissions: ['camera'], serviceWorkers: 'block' });
  const cookie = (await sessionCookie('door@nordlicht.example', 'nordlicht-door')).split('=');
  await context.addCookies([{ name: cookie[0]!, value: cookie.slice(1).join('='), url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/scanner?event=${EVENT}&mode=entry`);
  await page.waitForFunction(() => performance.getEntriesByName('qr-decode').length >= 50, undefined, { timeout: 60_000 });
  const decodes = await page.evaluate(() => performance.getEntriesByName('qr-decode').map((entry) => (entry as PerformanceMark).detail as { ms: number; found: boolean }));
  await browser.close();
  return { median: percentile(decodes.map((decode) => decode.ms), 50), found: decodes.filter((decode) => decode.found).length, decodes: decodes.length };
}

async function decodeTimes() {
  const { encode } = await import('uqr');
  // The phone's code now (NL3), and the same signature written as the pass wrote it before issue 48
  // (NL2; the server refuses that one, the message signed names NL3, but the decoder does not care).
  const digits = await (await memberPhone())();
  const parsed = parsePassCode(digits) as SignedCode;
  const signed = formatPassCode({ ...parsed, format: 'NL2' });
  // Before decision 042: an NL1 code of the same shape (only its picture matters to the decoder).
  const retired = `NL1.${'Ab3_'.repeat(4)}.${parsed.step}.${'Zx9-'.repeat(4)}`;
  // As the pass drew codes before issue 48 (ECC M, a margin of 4), and as it draws them now.
  const before = (code: string) => encode(code, { ecc: 'M', border: 4 });
  console.log("zxing-wasm in the scanner's worker, 1280x720 camera frames (decoded: the centre square), 50 decodes each:");
  for (const view of VIEWS) {
    for (const [label, { version, modules }] of [
      ['before: NL1', { version: before(retired).version, modules: before(retired).data }],
      ['before: NL2', { version: before(signed).version, modules: before(signed).data }],
      ['now: NL3', codeQr(digits)],
    ] as const) {
      const { median, found, decodes } = await decodeTime(modules, view);
      console.log(`  ${view.name.padEnd(44)} ${label} (QR version ${version}, ${modules.length} modules across): median ${median.toFixed(1)} ms, ${found} of ${decodes} found the pass`);
    }
  }
}

/** Milliseconds added to every store round trip: Firestore from a server in the same region. */
const ROUND_TRIP_MS = 20;

/**
 * In this process, on a fresh embedded store whose every read, count and commit waits
 * ROUND_TRIP_MS first (as each is a network round trip on Firestore): the latency of entry, exit
 * and bar scans, and the sequential round trips that makes. Needs no running app.
 */
async function roundTrips() {
  const [{ SqliteDocuments }, { scanCode }, { forgetPassOwners }, { doorList }, { passKeys }, { addEvent, person, phoneCode }, { addTestUser }, { stepAt }] = await Promise.all([
    import('../../src/server/documents/embedded/sqlite-documents'),
    import('../../src/features/door/scanning'),
    import('../../src/features/door/passes'),
    import('../../src/features/door/door-list'),
    import('../../src/features/door/pass-keys'),
    import('../../src/features/door/test-door'),
    import('../../src/features/identity/test-users'),
    import('../../src/features/door/pass-code'),
  ]);
  const documents = new SqliteDocuments(':memory:');
  const keys = passKeys(new Uint8Array(32).fill(7));
  const now = new Date();
  await addEvent(documents, 'bench-night', now, { capacity: 5_000, drinkAllowance: 100 });
  await addEvent(documents, 'bench-cold', now, { capacity: 5_000 });
  const store = documents as unknown as Record<'readDocument' | 'runQuery' | 'countQuery' | 'commit', (...args: unknown[]) => unknown>;
  const members = Array.from({ length: 30 }, (_, i) => `bench-member-${i}`);
  for (const uid of members) {
    const membership = { id: `m-${uid}`, validFrom: new Date(now.getTime() - 86_400_000), validUntil: new Date(now.getTime() + 86_400_000) };
    await addTestUser(documents, person(uid, 'user'), { membership }, now);
  }
  const codes = new Map<string, string>();
  for (const uid of members) codes.set(uid, await phoneCode({ documents, keys }, uid, stepAt(now.getTime())));
  // From here on, every store call is a round trip of `delay` ms.
  let delay = 0;
  for (const method of ['readDocument', 'runQuery', 'countQuery', 'commit'] as const) {
    const original = store[method]!.bind(documents);
    store[method] = (...args: unknown[]) => new Promise((resolve) => setTimeout(resolve, delay)).then(() => original(...args));
  }
  const scanner = person('bench-door', 'scanner');
  let nonce = 0;
  const timed = async (mode: 'entry' | 'exit' | 'bar', uid: string, eventId: string) => {
    // The first scan of a pass on a server that has not seen it (no door list fetched there yet).
    if (eventId === 'bench-cold') forgetPassOwners();
    const started = performance.now();
    const answer = await scanCode({ documents, keys }, scanner, { eventId, mode, code: codes.get(uid)!, nonce: `bench-${(nonce += 1)}-xyz`, source: 'camera', device: 'Bench door' }, now);
    return { ms: performance.now() - started, verdict: answer.verdict };
  };
  console.log(`Store round trips per scan, in this process: the median latency with each store call delayed by ${ROUND_TRIP_MS} ms, and without (half of ${members.length} members each):`);
  for (const [label, mode, eventId] of [
    ['entry, pass new to the server', 'entry', 'bench-cold'],
    ['entry (admitted)', 'entry', 'bench-night'],
    ['exit', 'exit', 'bench-night'],
    ['entry again (welcome back)', 'entry', 'bench-night'],
    ['bar (drink poured)', 'bar', 'bench-night'],
  ] as const) {
    const times = new Map<number, number[]>([
      [0, []],
      [ROUND_TRIP_MS, []],
    ]);
    const verdicts = new Set<string>();
    // A door opening the night fetches its list: the server then knows whose each pass is.
    if (eventId === 'bench-night') await doorList({ documents, keys }, { eventId }, now);
    for (const [index, uid] of members.entries()) {
      delay = index % 2 ? ROUND_TRIP_MS : 0;
      const { ms, verdict } = await timed(mode, uid, eventId);
      times.get(delay)!.push(ms);
      verdicts.add(verdict);
    }
    const [local, remote] = [percentile(times.get(0)!, 50), percentile(times.get(ROUND_TRIP_MS)!, 50)];
    console.log(
      `  ${label.padEnd(31)} ${remote.toFixed(0).padStart(4)} ms (${local.toFixed(1)} ms without the delay): ${Math.round((remote - local) / ROUND_TRIP_MS)} sequential round trips (${[...verdicts].join(', ')})`,
    );
  }
  await documents.close();
}

/** Scans decided offline from a list of 500 members and 2,000 tickets, and the strict IndexedDB write before each verdict. */
async function offlineDecisions() {
  const [{ SqliteDocuments }, { doorList }, { decideOffline }, { passKeys }, { addEvent, addTicket, person, phoneCode }, { addTestUser }, { stepAt }, { ticketKeys }] = await Promise.all([
    import('../../src/server/documents/embedded/sqlite-documents'),
    import('../../src/features/door/door-list'),
    import('../../src/features/door/client/offline-verdict'),
    import('../../src/features/door/pass-keys'),
    import('../../src/features/door/test-door'),
    import('../../src/features/identity/test-users'),
    import('../../src/features/door/pass-code'),
    import('../../src/features/door/ticket-keys'),
  ]);
  const documents = new SqliteDocuments(':memory:');
  const keys = passKeys(new Uint8Array(32).fill(9));
  const tickets = ticketKeys(new Uint8Array(32).fill(7));
  const now = new Date();
  await addEvent(documents, 'bench-offline', now);
  const members = Array.from({ length: 500 }, (_, i) => `bench-offline-${i}`);
  const codes: string[] = [];
  for (const uid of members) {
    const membership = { id: `m-${uid}`, validFrom: new Date(now.getTime() - 86_400_000), validUntil: new Date(now.getTime() + 86_400_000) };
    await addTestUser(documents, person(uid, 'user'), { membership }, now);
    codes.push(await phoneCode({ documents, keys }, uid, stepAt(now.getTime())));
  }
  const ticketCodes: string[] = [];
  for (let i = 0; i < 2000; i++) {
    const kind = i % 10 === 0 ? 'guestList' : i % 2 ? 'public' : 'guest';
    ticketCodes.push(await addTicket(documents, tickets, `benchTicket${String(i).padStart(5, '0')}`, { eventId: 'bench-offline', kind, party: kind === 'guestList' ? 3 : 0, holder: { name: `Guest ${i}`, email: null } }));
  }
  // The list as a door fetches it: the first fetch, and again (warm), each timed.
  const fetches: number[] = [];
  let list = await doorList({ documents, keys, tickets }, { eventId: 'bench-offline' }, now);
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    list = await doorList({ documents, keys, tickets }, { eventId: 'bench-offline' }, now);
    fetches.push(performance.now() - started);
  }
  await documents.close();
  const listBytes = JSON.stringify(list).length;
  console.log(`The door list of ${list.members.length} members and ${list.tickets.length} tickets: ${(listBytes / 1024).toFixed(0)} KiB as JSON (gzip about ${(gzipSync(JSON.stringify(list)).length / 1024).toFixed(0)} KiB), made in median ${percentile(fetches, 50).toFixed(1)} ms (10 runs, embedded store, in process)`);
  const time = async (code: string) => {
    const started = performance.now();
    const answer = await decideOffline(list, { mode: 'entry', code }, now, new Map());
    if (answer.kind !== 'verdict' || answer.verdict !== 'admitted') throw new Error(`Offline decision was ${JSON.stringify(answer)}`);
    return performance.now() - started;
  };
  const cold: number[] = [];
  for (const code of codes.slice(0, 200)) cold.push(await time(code));
  const warm: number[] = [];
  for (const code of codes.slice(0, 200)) warm.push(await time(code));
  console.log(`Offline decisions from a door list of ${list.members.length} members (${(JSON.stringify(list).length / 1024).toFixed(0)} KiB as JSON), in this process, 200 scans each:`);
  console.log(`  a pass's first scan (its key imported): median ${percentile(cold, 50).toFixed(2)} ms, p99 ${percentile(cold, 99).toFixed(2)} ms`);
  console.log(`  a pass scanned again:                  median ${percentile(warm, 50).toFixed(2)} ms, p99 ${percentile(warm, 99).toFixed(2)} ms`);
  const ticketTimes: number[] = [];
  for (const code of ticketCodes.slice(0, 200)) {
    const started = performance.now();
    const answer = await decideOffline(list, { mode: 'entry', code }, now, new Map());
    if (answer.kind !== 'verdict' || answer.verdict !== 'admitted') throw new Error(`Offline ticket decision was ${JSON.stringify(answer)}`);
    ticketTimes.push(performance.now() - started);
  }
  console.log(`  a ticket (the ticket key imported once): median ${percentile(ticketTimes, 50).toFixed(2)} ms, p99 ${percentile(ticketTimes, 99).toFixed(2)} ms; goal under 5 ms`);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    const writes = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('bench-door-queue', 1);
        request.onupgradeneeded = () => request.result.createObjectStore('queue', { keyPath: 'nonce' });
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const times: number[] = [];
      for (let i = 0; i < 50; i++) {
        const started = performance.now();
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction('queue', 'readwrite', { durability: 'strict' });
          tx.objectStore('queue').put({ nonce: `n${i}`, code: 'x'.repeat(116), decidedAt: new Date() });
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        times.push(performance.now() - started);
      }
      db.close();
      indexedDB.deleteDatabase('bench-door-queue');
      return times.sort((a, b) => a - b);
    });
    console.log(`  the queued scan written to IndexedDB (durability "strict"), Chromium, 50 writes: median ${percentile(writes, 50).toFixed(1)} ms, p99 ${percentile(writes, 99).toFixed(1)} ms`);
    console.log(`  camera to offline verdict: the decode time (part 2) + ${(percentile(cold, 50) + percentile(writes, 50)).toFixed(1)} ms (first scan of a pass); target under 50 ms.`);
  } finally {
    await browser.close();
  }
}

/** The door list of 20,000 members: the whole list in pages, then its changes, and the phone's copy (part 4). */
async function doorListAtScale() {
  const [{ SqliteDocuments }, { doorListPage, DOOR_LIST_OVERLAP_MS }, { emptyDoorList, mergeDoorList }, { passKeys }, { ticketKeys }, { addEvent, addTicket, person }, { addTestUser }, { Users, searchTermsFor }, { Passes, rotatePass }, { Checkins }, { setBan }, superjson] = await Promise.all([
    import('../../src/server/documents/embedded/sqlite-documents'),
    import('../../src/features/door/door-list'),
    import('../../src/features/door/door-list-merge'),
    import('../../src/features/door/pass-keys'),
    import('../../src/features/door/ticket-keys'),
    import('../../src/features/door/test-door'),
    import('../../src/features/identity/test-users'),
    import('../../src/features/identity/users'),
    import('../../src/features/door/passes'),
    import('../../src/features/door/door-records'),
    import('../../src/features/bans/ban-admin'),
    import('superjson').then((module) => module.default),
  ]);
  const MEMBERS = 20_000;
  const file = join(mkdtempSync(join(tmpdir(), 'bench-door-list-')), 'documents.sqlite');
  const documents = new SqliteDocuments(file);
  const keys = passKeys(new Uint8Array(32).fill(5));
  const ports = { documents, keys, tickets: ticketKeys(new Uint8Array(32).fill(6)) };
  const now = new Date();
  await addEvent(documents, 'bench-list', now, { capacity: 2_000 });
  const randomKey = () => Buffer.from(crypto.getRandomValues(new Uint8Array(65))).toString('base64url');
  for (let start = 0; start < MEMBERS; start += 500) {
    const batch = documents.batch();
    for (let i = start; i < start + 500; i++) {
      const uid = `bench-member-${String(i).padStart(5, '0')}`;
      const email = `${uid}@example.org`;
      const name = `Member ${i}`;
      batch.create(documents.collection(Users).doc(uid), {
        email, displayName: name, photoURL: null, avatarPath: null, role: 'user', locale: null, disabled: false,
        membership: { id: `m-${uid}`, validFrom: new Date(now.getTime() - 90 * 86_400_000), validUntil: new Date(now.getTime() + ((i % 365) + 1) * 86_400_000) },
        createdAt: now, lastSignInAt: now, searchTerms: searchTermsFor(email, name),
      });
      batch.create(documents.collection(Passes).doc(keys.passIdFor(uid)), { uid, version: 1, createdAt: now, rotatedAt: null, publicKey: randomKey(), keyRegisteredAt: now });
    }
    await batch.commit();
  }
  for (let i = 0; i < 1_000; i++) await addTicket(documents, ports.tickets, `benchListTk${String(i).padStart(5, '0')}`, { eventId: 'bench-list', kind: i % 10 ? 'guest' : 'guestList', party: i % 10 ? 0 : 2, holder: { name: `Guest ${i}`, email: null } });
  const admissions = documents.batch();
  for (let i = 0; i < 500; i++) {
    const uid = `bench-member-${String(i * 7).padStart(5, '0')}`;
    admissions.create(documents.collection(Checkins).doc(`bench-list_${uid}`), { eventId: 'bench-list', uid, at: now, scannerUid: 'bench-door', scannerName: 'Bench door', device: 'Front door', source: 'camera' });
  }
  await admissions.commit();
  // A venue's members were written long before its night: past the changes' overlap, so the first round of changes does not read them all again.
  console.log(`The door list for ${MEMBERS.toLocaleString('en')} members (and 1,000 tickets, 500 admitted), embedded store in a file, in this process; waiting ${(DOOR_LIST_OVERLAP_MS / 1000 + 2).toFixed(0)} s past the changes' overlap…`);
  await new Promise((resolve) => setTimeout(resolve, DOOR_LIST_OVERLAP_MS + 2_000));

  // Reads as Firestore bills them.
  let reads = 0;
  const store = documents as unknown as Record<'readDocument' | 'runQuery' | 'countQuery', (...args: unknown[]) => unknown>;
  const original = { readDocument: store.readDocument!.bind(documents), runQuery: store.runQuery!.bind(documents), countQuery: store.countQuery!.bind(documents) };
  store.readDocument = (...args) => ((reads += 1), original.readDocument(...args));
  store.runQuery = (...args) => {
    const found = original.runQuery(...args) as unknown[];
    reads += Math.max(1, found.length);
    return found;
  };
  store.countQuery = (...args) => {
    const count = original.countQuery(...args) as number;
    reads += Math.max(1, Math.ceil(count / 1000));
    return count;
  };

  type Answer = Awaited<ReturnType<typeof doorListPage>>;
  const sent = (answer: Answer) => Buffer.byteLength(JSON.stringify(superjson.serialize(answer)));
  const gzipped = (answer: Answer) => gzipSync(JSON.stringify(superjson.serialize(answer))).length;
  let started = performance.now();
  reads = 0;
  let bytes = 0;
  let gzip = 0;
  let pages = 0;
  let largest = 0;
  let list: ReturnType<typeof emptyDoorList> | null = null;
  let cursor: string | undefined;
  do {
    const page = await doorListPage(ports, { eventId: 'bench-list', ...(cursor ? { cursor } : {}) });
    if (page.kind !== 'page') throw new Error(`The list answered ${page.kind}`);
    pages += 1;
    const size = sent(page);
    bytes += size;
    gzip += gzipped(page);
    largest = Math.max(largest, size);
    list = mergeDoorList(list ?? emptyDoorList(page.header!, page.at), page);
    cursor = page.next ?? undefined;
  } while (cursor);
  const wholeMs = performance.now() - started;
  const wholeReads = reads;
  console.log(
    `  the whole list: ${list!.members.length.toLocaleString('en')} members, ${list!.tickets.length} tickets in ${pages} requests, ${wholeMs.toFixed(0)} ms in all (${(wholeMs / pages).toFixed(0)} ms a request); ${(bytes / 1024).toFixed(0)} KiB as sent (superjson; gzip about ${(gzip / 1024).toFixed(0)} KiB), the largest request ${(largest / 1024).toFixed(0)} KiB; ${wholeReads.toLocaleString('en')} store reads`,
  );

  const changes = async (label: string) => {
    reads = 0;
    started = performance.now();
    const answer = await doorListPage(ports, { eventId: 'bench-list', since: list!.at });
    const ms = performance.now() - started;
    if (answer.kind !== 'changes') throw new Error(`The changes answered ${answer.kind}`);
    list = mergeDoorList(list!, answer);
    console.log(`  ${label.padEnd(44)} ${ms.toFixed(1).padStart(6)} ms, ${sent(answer).toLocaleString('en').padStart(6)} bytes as sent, ${String(reads).padStart(4)} store reads (${answer.members.length} members, ${answer.removed.length} removed, ${answer.refusedPasses.length} refused, ${answer.tickets.length} tickets, ${answer.standings.length} standings)`);
  };
  // The first round makes the store's range indexes (once per process): said apart.
  await changes('changes, first round (makes the indexes):');
  await changes('changes, none made since:');
  const admin = person('bench-admin', 'admin');
  await addTestUser(documents, admin, {}, new Date());
  await addTestUser(documents, person('bench-new', 'user'), { membership: { id: 'm-new', validFrom: now, validUntil: new Date(now.getTime() + 30 * 86_400_000) } });
  await documents.collection(Users).doc('bench-member-00001').update({ membership: { id: 'm-ended', validFrom: new Date(now.getTime() - 90 * 86_400_000), validUntil: new Date(Date.now() - 1000) } });
  await rotatePass(ports, admin, { uid: 'bench-member-00002' });
  await setBan(documents, admin, { person: { kind: 'account', uid: 'bench-member-00003' }, reason: 'bench' });
  await addTicket(documents, ports.tickets, 'benchListNew0001', { eventId: 'bench-list', holder: { name: 'New Guest', email: null } });
  const more = documents.batch();
  for (let i = 0; i < 5; i++) {
    const uid = `bench-member-${String(10_001 + i).padStart(5, '0')}`;
    more.create(documents.collection(Checkins).doc(`bench-list_${uid}`), { eventId: 'bench-list', uid, at: new Date(), scannerUid: 'bench-door', scannerName: 'Bench door', device: 'Side door', source: 'camera' });
  }
  await more.commit();
  // A member added, a membership ended, a pass rotated, a ban, a ticket, five admissions.
  await changes('changes after 10 (member, end, pass, ban, …):');
  const stored = { eventId: 'bench-list', version: 2, list: list!, offsetMs: 0, wallAt: Date.now(), monotonicAt: performance.now(), origin: performance.timeOrigin };
  console.log(`  the phone's copy: ${(serialize(stored).byteLength / 1024).toFixed(0)} KiB as IndexedDB stores it (V8 structured clone, before Chromium's compression), ${(Buffer.byteLength(JSON.stringify(stored)) / 1024).toFixed(0)} KiB as JSON`);
  console.log(`  before (one request, at most 5,000 members, every 60 s): 15,000 of these members missing without a word, and a door's minute cost a whole list's reads; now an open door's minute costs the changes' reads.`);
  await documents.close();
}

const part = process.env.BENCH_PART ?? 'all';
printMachine(part === 'list' || part === 'trips' || part === 'offline' ? 'embedded backend in this process' : `embedded backend, the app at ${base}`);
if (!['all', 'scan', 'decode', 'trips', 'offline', 'list'].includes(part)) throw new Error(`BENCH_PART must be all, scan, decode, trips, offline or list, not "${part}".`);
if (part === 'all' || part === 'list') await doorListAtScale();
if (part === 'all' || part === 'offline') await offlineDecisions();
if (part === 'all' || part === 'trips') await roundTrips();
if (part === 'all' || part === 'scan') await validations();
if (part === 'all' || part === 'decode') await decodeTimes();
agent.destroy();
