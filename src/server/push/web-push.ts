// The embedded backend's push adapter: standard Web Push (RFC 8030) with VAPID (RFC 8292) and an
// aes128gcm-encrypted payload (RFC 8291), through the `web-push` library. The VAPID key pair is
// generated into DATA_DIR on first use: browsers subscribe with its public half, so losing or
// replacing it silently ends every subscription.
//
// The library only builds each request (headers, encrypted body); this file sends it, because an
// endpoint is a URL that a browser handed us: the host is resolved once here, every address it
// resolves to must be public, the socket connects to exactly those (no second lookup that DNS
// rebinding could answer differently), redirects are never followed, and the whole request,
// lookup included, ends at the deadline with its socket closed.
import 'server-only';
import { createECDH, randomBytes } from 'node:crypto';
import { lookup as lookupHost, type LookupAddress } from 'node:dns';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { request, type Agent } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { join } from 'node:path';
import webpush, { type RequestDetails } from 'web-push';
import type { Push, PushMessage, PushOutcome, PushTarget } from './port';
import { webPushBody } from './payload';
import { isPublicAddress } from './public-address';
import { isPushServiceEndpoint } from './push-services';

/** The product's time-out for talking to a push service (registration and each request). */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000;
/** How many pushes are on their way at once: 10,000 recipients must not open 10,000 sockets. */
export const WEB_PUSH_CONCURRENCY = 20;
/** How long a push service keeps a message for a device that is offline (24 h, in seconds). */
export const PUSH_TTL_SECONDS = 86_400;
/** How much of a push service's answer is kept (for the failure's reason); the rest is read and dropped. */
const ANSWER_KEPT_BYTES = 1_024;

const KEY_FILE = 'vapid-keys.json';

export interface VapidKeys {
  /** The uncompressed P-256 public key (65 bytes), base64url: what browsers subscribe with. */
  publicKey: string;
  /** The P-256 private key (32 bytes), base64url. */
  privateKey: string;
}

export interface WebPushOptions {
  keys: VapidKeys;
  /** The VAPID contact: an https: URL or a mailto: address (see vapidSubject). */
  subject: string;
  /** The HTTPS agent of every request (tests pass one that trusts their own certificate). */
  agent?: Agent;
  /** Per request: a push service that has not answered by then counts as failed. */
  timeoutMs?: number;
  /** How many requests are in flight at most. */
  concurrency?: number;
  /** Resolves a push service's host name to its addresses (tests pass a fake DNS). */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
  /** Which addresses a push may go to: public ones; tests let their own push service on 127.0.0.1 in. */
  addressAllowed?: (address: string) => boolean;
  /** Which endpoints a push may go to: browsers' push services; tests let their own in. */
  endpointAllowed?: (endpoint: string) => boolean;
}

const resolveHost = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    lookupHost(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

export function createWebPush(options: WebPushOptions): Push {
  const { keys, subject, agent } = options;
  const timeoutMs = options.timeoutMs ?? PUSH_REQUEST_TIMEOUT_MS;
  const concurrency = Math.max(1, options.concurrency ?? WEB_PUSH_CONCURRENCY);
  const resolve = options.resolve ?? resolveHost;
  const addressAllowed = options.addressAllowed ?? isPublicAddress;
  const endpointAllowed = options.endpointAllowed ?? isPushServiceEndpoint;
  // The library checks subject and keys on every send; checking once here turns a bad
  // configuration into an error at start instead of one failed push per recipient.
  webpush.getVapidHeaders('https://push.example', subject, keys.publicKey, keys.privateKey, 'aes128gcm');

  async function sendOne(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
    if (target.kind !== 'webpush') {
      return { ok: false, gone: false, reason: 'an FCM token cannot be reached by Web Push (this server runs the embedded backend)' };
    }
    // Registration accepts no other endpoint; one stored before it checked is forgotten here.
    if (!endpointAllowed(target.endpoint)) return { ok: false, gone: true, reason: 'not a browser push service' };
    // Exactly what the service worker reads; nothing else about the recipient leaves the server.
    const payload = webPushBody(message);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new DeadlineError()), timeoutMs);
    try {
      const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: target.keys }, payload, {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        contentEncoding: 'aes128gcm',
        TTL: PUSH_TTL_SECONDS,
        urgency: 'normal',
      });
      const { status, answer } = await post(details, deadline.signal);
      if (status >= 200 && status < 300) return { ok: true };
      // 404 and 410: the subscription expired or the user revoked it; it will never work again.
      const gone = status === 404 || status === 410;
      if (status >= 300 && status < 400) return { ok: false, gone, reason: `HTTP ${status}: redirects are not followed` };
      const text = answer.trim().slice(0, 120);
      return { ok: false, gone, reason: text ? `HTTP ${status}: ${text}` : `HTTP ${status}` };
    } catch (error) {
      if (deadline.signal.aborted) return { ok: false, gone: false, reason: `no answer within ${timeoutMs} ms` };
      return { ok: false, gone: false, reason: error instanceof Error ? error.message.slice(0, 200) : String(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  /** POSTs the request to the endpoint's public addresses only; the answer's first bytes come back. */
  async function post(details: RequestDetails, signal: AbortSignal): Promise<{ status: number; answer: string }> {
    const url = new URL(details.endpoint);
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await untilAborted(resolve(host), signal);
    if (addresses.length === 0) throw new Error(`${host} resolves to no address`);
    const refused = addresses.find((entry) => !addressAllowed(entry.address));
    if (refused) throw new Error(`${host} resolves to ${refused.address}, which is not a public address`);
    // The socket asks this instead of DNS: it gets the addresses just checked, nothing else.
    const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    };
    return new Promise((resolveAnswer, reject) => {
      const outgoing = request(
        { host, port: url.port || 443, path: `${url.pathname}${url.search}`, method: details.method, headers: details.headers, agent, lookup: pinned, signal },
        (response) => {
          const kept: Buffer[] = [];
          let keptBytes = 0;
          response.on('data', (chunk: Buffer) => {
            if (keptBytes >= ANSWER_KEPT_BYTES) return;
            kept.push(chunk);
            keptBytes += chunk.length;
          });
          response.on('end', () => resolveAnswer({ status: response.statusCode ?? 0, answer: Buffer.concat(kept).toString('utf8') }));
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(details.body ?? undefined);
    });
  }

  return {
    kind: 'webpush',
    clientConfig: () => ({ kind: 'webpush', vapidPublicKey: keys.publicKey }),
    send: (items) => mapLimited(items, concurrency, (item) => sendOne(item.target, item.message)),
  };
}

class DeadlineError extends Error {}

/** `work`, or a rejection as soon as `signal` aborts (a DNS lookup cannot be cancelled itself). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** Runs `work` for every item, at most `limit` at a time; the results keep the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The VAPID subject: whom a push service may contact about our pushes. SITE_URL when it is an
 * https: URL a push service can resolve. Otherwise (a local http:// SITE_URL, as on the embedded
 * backend) a mailto: address: the library accepts only https: and mailto:, and Apple's push
 * service refuses every push (403 BadJwtToken) whose subject names localhost or a .local host,
 * so the fallback uses the reserved example.com domain (RFC 2606), well-formed and nobody's.
 */
export function vapidSubject(siteUrl: string): string {
  try {
    const url = new URL(siteUrl);
    const host = url.hostname;
    const local = host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local');
    if (url.protocol === 'https:' && !local) return url.origin;
  } catch {
    // Not a URL: the fallback below.
  }
  return 'mailto:push@example.com';
}

/** Where the embedded backend keeps its VAPID key pair. */
export function vapidKeysFile(dataDir: string): string {
  return join(dataDir, KEY_FILE);
}

/**
 * This server's VAPID keys: read from DATA_DIR, or generated there on first use. A file that is
 * there but cannot be read or is not a key pair is an error, never replaced: new keys would end
 * every subscription without a word.
 */
export function loadOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = vapidKeysFile(dataDir);
  const existing = readVapidKeys(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const generated = webpush.generateVAPIDKeys();
  // Written whole to a temporary file and synced before it takes the real name, so a crash
  // leaves either no key file or a complete one, never half a file.
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = openSync(temp, 'wx', 0o600);
  try {
    writeSync(handle, `${JSON.stringify({ publicKey: generated.publicKey, privateKey: generated.privateKey }, null, 2)}\n`);
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
  try {
    // A hard link takes the name only if it is free: of two processes starting at once, both keep
    // the pair written first (a rename would let the second replace keys the first handed out).
    linkSync(temp, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // EEXIST: another process was first; use its keys. Elsewhere: a file system without hard
    // links, where a rename is the atomic step left.
    if (code !== 'EEXIST') renameSync(temp, file);
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // Already renamed.
    }
  }
  syncDirectory(dataDir);
  const stored = readVapidKeys(file);
  if (!stored) throw new Error(`The Web Push keys in ${file} disappeared while they were being created.`);
  return stored;
}

/** The new name must survive a crash too: that is the directory's data, synced on its own. */
function syncDirectory(dir: string) {
  try {
    const handle = openSync(dir, 'r');
    try {
      fsyncSync(handle);
    } finally {
      closeSync(handle);
    }
  } catch {
    // Some platforms (Windows) cannot open a directory; the rename is still atomic there.
  }
}

/** The key pair in `file`; null when there is no file yet. */
function readVapidKeys(file: string): VapidKeys | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new Error(
      `Cannot read the Web Push keys in ${file} (${code ?? String(error)}). Let the server's user read it; ` +
        'do not delete it unless it is lost for good: new keys end every device’s notifications.',
      { cause: error },
    );
  }
  const problem = vapidKeysProblem(text);
  if (problem) {
    throw new Error(
      `The Web Push keys in ${file} are unusable: ${problem}. Restore the file from a backup; or delete it and ` +
        'restart to generate new keys, after which every device must turn notifications on again.',
    );
  }
  return JSON.parse(text) as VapidKeys;
}

/** What is wrong with a key file's text, or null when it holds a matching P-256 key pair. */
function vapidKeysProblem(text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text.trim() ? 'not JSON' : 'the file is empty';
  }
  const { publicKey, privateKey } = (value ?? {}) as Partial<Record<keyof VapidKeys, unknown>>;
  const base64url = /^[A-Za-z0-9_-]+$/;
  if (typeof publicKey !== 'string' || !base64url.test(publicKey)) return 'publicKey is missing or not base64url';
  if (typeof privateKey !== 'string' || !base64url.test(privateKey)) return 'privateKey is missing or not base64url';
  const publicBytes = Buffer.from(publicKey, 'base64url');
  const privateBytes = Buffer.from(privateKey, 'base64url');
  if (publicBytes.length !== 65 || publicBytes[0] !== 0x04) return 'publicKey is not an uncompressed P-256 key';
  if (privateBytes.length !== 32) return 'privateKey is not a P-256 key';
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateBytes);
    if (!ecdh.getPublicKey().equals(publicBytes)) return 'the two keys are not a pair';
  } catch {
    return 'privateKey is not a P-256 key';
  }
  return null;
}
