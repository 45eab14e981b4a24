// End to end: the adapter talks HTTPS to a push service this test runs, and the test decrypts
// each push the way a browser does (RFC 8291 on RFC 8188) and checks the VAPID signature.
import { execFileSync } from 'node:child_process';
import {
  createCipheriv,
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage, PushTarget } from './port';
import { createWebPush, loadOrCreateVapidKeys, vapidKeysFile, vapidSubject, WEB_PUSH_CONCURRENCY, type WebPushOptions } from './web-push';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's subscription: its own P-256 key pair and auth secret, as PushManager makes them. */
function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const target: PushTarget = {
    kind: 'webpush',
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
  return { target, ecdh, auth };
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer | string, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, typeof info === 'string' ? Buffer.from(info, 'latin1') : info, length));

/** What the browser does with a push body (RFC 8291 keys, one RFC 8188 aes128gcm record). */
function decryptAsBrowser(body: Buffer, subscriber: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  expect(idLength).toBe(65);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  expect(record.length).toBeLessThanOrEqual(recordSize);
  const ecdhSecret = subscriber.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'latin1'), subscriber.getPublicKey(), senderPublicKey]);
  const ikm = hkdf(ecdhSecret, authSecret, keyInfo, 32);
  const contentKey = hkdf(ikm, salt, 'Content-Encoding: aes128gcm\0', 16);
  const nonce = hkdf(ikm, salt, 'Content-Encoding: nonce\0', 12);
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length;
  while (end > 0 && padded[end - 1] === 0) end--;
  expect(padded[end - 1]).toBe(2);
  return padded.subarray(0, end - 1).toString('utf8');
}

/** Checks `Authorization: vapid t=JWT, k=KEY` as a push service does; returns the JWT's claims. */
function verifyVapid(authorization: string | undefined, publicKey: string) {
  const match = /^vapid t=([^,]+),\s*k=(\S+)$/.exec(authorization ?? '');
  expect(match, `Authorization header: ${authorization}`).not.toBeNull();
  const [, jwt, key] = match!;
  expect(key).toBe(publicKey);
  const [header, claims, signature] = jwt!.split('.');
  expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const raw = Buffer.from(key!, 'base64url');
  const verifier = createPublicKey({
    format: 'jwk',
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
  });
  const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key: verifier, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  expect(signed).toBe(true);
  return JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}

const message: PushMessage = {
  title: 'Einlass ab 22 Uhr',
  body: 'Heute Nacht: Nordlicht Clubnacht – wir sehen uns! 🎶',
  url: '/de/events/nordlicht-clubnacht',
  tag: 'event-nordlicht',
  lang: 'de',
};

let directory: string;
let server: Server;
let origin: string;
let agent: Agent;
const received: Received[] = [];
/** Paths whose connection the sender closed before the answer ended. */
const closedEarly = new Set<string>();
let inFlight = 0;
let mostInFlight = 0;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'venue-push-test-'));
  const keyFile = join(directory, 'tls-key.pem');
  const certFile = join(directory, 'tls-cert.pem');
  // Node cannot make X.509 certificates; openssl makes one for 127.0.0.1 that this test trusts,
  // also valid for the name the fake DNS below resolves to it.
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', `subjectAltName=IP:127.0.0.1,DNS:${TEST_HOST}`,
  ], { stdio: 'pipe' });
  const cert = readFileSync(certFile);
  server = createServer({ key: readFileSync(keyFile), cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.on('close', () => {
        if (!response.writableEnded) closedEarly.add(path);
      });
      if (path.startsWith('/silent/')) return; // Never answers.
      if (path.startsWith('/redirect/')) return response.writeHead(307, { location: `${origin}/push/redirected` }).end();
      if (path.startsWith('/trickle/')) {
        // Answers, but never finishes: a byte now and then keeps an idle-socket time-out from firing.
        response.writeHead(201);
        const drip = setInterval(() => response.write(' '), 50);
        response.on('close', () => clearInterval(drip));
        return;
      }
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const status = Number(/\/status\/(\d{3})\//.exec(path)?.[1] ?? 201);
      const delay = path.startsWith('/slow/') ? 300 : 0;
      setTimeout(() => {
        inFlight--;
        response.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 400 ? `push service says ${status}` : '');
      }, delay);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  agent = new Agent({ ca: cert });
});

afterAll(async () => {
  agent?.destroy();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  rmSync(directory, { recursive: true, force: true });
});

/** The name the fake DNS resolves to this test's push service. */
const TEST_HOST = 'push.test';
/** This test's push service is on loopback and no browser's: the exceptions it makes. */
const testService = { addressAllowed: (address: string) => address === '127.0.0.1', endpointAllowed: () => true };

function adapter(options: Partial<WebPushOptions> = {}) {
  const keys = webpush.generateVAPIDKeys();
  return { keys, push: createWebPush({ keys, subject: 'mailto:push@example.com', agent, ...testService, ...options }) };
}

/** A DNS that knows only `names`, and counts what it was asked. */
function fakeDns(names: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const addresses = names[hostname];
    if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { asked, resolve };
}

describe('Web Push to a push service', () => {
  it('delivers an aes128gcm push that the browser decrypts to the message, signed with the VAPID key', async () => {
    const { keys, push } = adapter();
    const browser = browserSubscription(`${origin}/push/device-1`);
    expect(await push.send([{ target: browser.target, message }])).toEqual([{ ok: true }]);

    const request = received.find((entry) => entry.path === '/push/device-1')!;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers['content-type']).toBe('application/octet-stream');
    expect(request.headers.ttl).toBe('86400');
    expect(request.headers.urgency).toBe('normal');
    const claims = verifyVapid(request.headers.authorization, keys.publicKey);
    expect(claims.aud).toBe(origin);
    expect(claims.sub).toBe('mailto:push@example.com');
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    const plaintext = decryptAsBrowser(request.body, browser.ecdh, browser.auth);
    expect(JSON.parse(plaintext)).toEqual({ title: message.title, body: message.body, url: message.url, tag: message.tag, lang: 'de' });
  });

  it('says a subscription is gone when the push service answers 404 or 410', async () => {
    const { push } = adapter();
    const outcomes = await push.send([
      { target: browserSubscription(`${origin}/status/410/expired`).target, message },
      { target: browserSubscription(`${origin}/status/404/unknown`).target, message },
    ]);
    expect(outcomes).toEqual([
      { ok: false, gone: true, reason: 'HTTP 410: push service says 410' },
      { ok: false, gone: true, reason: 'HTTP 404: push service says 404' },
    ]);
  });

  it('keeps a subscription when the push service fails (HTTP 500) or cannot be reached, without throwing', async () => {
    const { push } = adapter();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const outcomes = await push.send([
      { target: browserSubscription(`${origin}/status/500/broken`).target, message },
      { target: browserSubscription(`https://127.0.0.1:${closedPort}/push/nobody`).target, message },
      { target: { kind: 'webpush', endpoint: `${origin}/push/bad-keys`, keys: { p256dh: 'not-a-key', auth: 'AAAA' } }, message },
    ]);
    expect(outcomes[0]).toEqual({ ok: false, gone: false, reason: 'HTTP 500: push service says 500' });
    expect(outcomes[1]).toMatchObject({ ok: false, gone: false, reason: expect.stringContaining('ECONNREFUSED') });
    expect(outcomes[2]).toMatchObject({ ok: false, gone: false });
  });

  it('gives up on a push service that does not answer within the time-out', async () => {
    const { push } = adapter({ timeoutMs: 300 });
    const started = Date.now();
    const outcomes = await push.send([{ target: browserSubscription(`${origin}/silent/device`).target, message }]);
    expect(outcomes).toEqual([{ ok: false, gone: false, reason: 'no answer within 300 ms' }]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it(`has at most ${WEB_PUSH_CONCURRENCY} pushes on their way at once, and answers in the items' order`, async () => {
    const { push } = adapter();
    mostInFlight = 0;
    const items = Array.from({ length: 45 }, (_, index) => ({
      target: browserSubscription(`${origin}/slow/${index % 7 === 3 ? 'status/410/' : ''}many-${index}`).target,
      message,
    }));
    // Paths under /slow/ answer after 300 ms, so the waves overlap only if the limit fails.
    const outcomes = await push.send(items);
    expect(mostInFlight).toBeLessThanOrEqual(WEB_PUSH_CONCURRENCY);
    expect(mostInFlight).toBeGreaterThan(1);
    expect(outcomes).toHaveLength(45);
    // Every seventh device (from the fourth) is gone; the outcomes say so at their own places.
    expect(outcomes.map((outcome) => outcome.ok)).toEqual(items.map((_, index) => index % 7 !== 3));
    const paths = received.filter((entry) => entry.path.startsWith('/slow/')).map((entry) => entry.path);
    expect(new Set(paths).size).toBe(45);
  });

  it('cuts off a push service that answers but never finishes, at the deadline, and closes its connection', async () => {
    const { push } = adapter({ timeoutMs: 300 });
    const outcomes = await push.send([{ target: browserSubscription(`${origin}/trickle/device`).target, message }]);
    expect(outcomes).toEqual([{ ok: false, gone: false, reason: 'no answer within 300 ms' }]);
    await expect.poll(() => closedEarly.has('/trickle/device')).toBe(true);
  });

  it('delivers to every other device while one push service hangs, in little more than the time-out', async () => {
    const { push } = adapter({ timeoutMs: 500, concurrency: 2 });
    const started = Date.now();
    const outcomes = await push.send([
      { target: browserSubscription(`${origin}/silent/hanging`).target, message },
      ...Array.from({ length: 12 }, (_, index) => ({ target: browserSubscription(`${origin}/push/beside-hanging-${index}`).target, message })),
    ]);
    expect(outcomes[0]).toEqual({ ok: false, gone: false, reason: 'no answer within 500 ms' });
    expect(outcomes.slice(1)).toEqual(Array.from({ length: 12 }, () => ({ ok: true })));
    expect(Date.now() - started).toBeLessThan(2_500);
    await expect.poll(() => closedEarly.has('/silent/hanging')).toBe(true);
  });

  it('never follows a redirect', async () => {
    const { push } = adapter();
    const outcomes = await push.send([{ target: browserSubscription(`${origin}/redirect/device`).target, message }]);
    expect(outcomes).toEqual([{ ok: false, gone: false, reason: 'HTTP 307: redirects are not followed' }]);
    expect(received.some((entry) => entry.path === '/push/redirected')).toBe(false);
  });

  it('connects to the address it resolved and checked, asking DNS once per push', async () => {
    const dns = fakeDns({ [TEST_HOST]: ['127.0.0.1'] });
    const { push } = adapter({ resolve: dns.resolve });
    const port = new URL(origin).port;
    // The name exists only in the fake DNS: the push arrives only if the socket used its answer.
    const outcomes = await push.send([{ target: browserSubscription(`https://${TEST_HOST}:${port}/push/by-name`).target, message }]);
    expect(outcomes).toEqual([{ ok: true }]);
    expect(dns.asked).toEqual([TEST_HOST]);
    expect(received.find((entry) => entry.path === '/push/by-name')?.headers.host).toBe(`${TEST_HOST}:${port}`);
  });

  it.each([
    ['loopback', ['127.0.0.1']],
    ['a private network', ['10.20.30.40']],
    ['link-local (cloud metadata)', ['169.254.169.254']],
    ['IPv6 loopback', ['::1']],
    ['IPv4-mapped IPv6 loopback', ['::ffff:127.0.0.1']],
    ['a public address and a private one', ['93.184.215.14', '192.168.1.1']],
  ])('refuses to send to a host that resolves to %s', async (_, addresses) => {
    const dns = fakeDns({ [TEST_HOST]: addresses });
    const { push } = adapter({ resolve: dns.resolve, addressAllowed: undefined });
    const path = `/push/private-${addresses.join('-')}`;
    const outcomes = await push.send([{ target: browserSubscription(`https://${TEST_HOST}:${new URL(origin).port}${path}`).target, message }]);
    expect(outcomes).toEqual([{ ok: false, gone: false, reason: expect.stringContaining('not a public address') }]);
    expect(received.some((entry) => entry.path === path)).toBe(false);
  });

  it('refuses an endpoint that names a private address itself, without asking DNS', async () => {
    const dns = fakeDns({});
    const { push } = adapter({ resolve: dns.resolve, addressAllowed: undefined });
    // The test's push service trusts this certificate: only the address check stands in the way.
    const outcomes = await push.send([{ target: browserSubscription(`${origin}/push/loopback-literal`).target, message }]);
    expect(outcomes).toEqual([{ ok: false, gone: false, reason: expect.stringContaining('127.0.0.1, which is not a public address') }]);
    expect(received.some((entry) => entry.path === '/push/loopback-literal')).toBe(false);
    expect(dns.asked).toEqual([]);
  });

  it('sends nothing to an endpoint that is no browser push service (stored before registration checked), and says it is gone', async () => {
    const { push } = adapter({ endpointAllowed: undefined });
    const outcomes = await push.send([{ target: browserSubscription(`${origin}/push/not-a-push-service`).target, message }]);
    expect(outcomes).toEqual([{ ok: false, gone: true, reason: 'not a browser push service' }]);
    expect(received.some((entry) => entry.path === '/push/not-a-push-service')).toBe(false);
  });

  it('refuses an FCM token: the embedded backend speaks Web Push only', async () => {
    const { push } = adapter();
    const before = received.length;
    const outcomes = await push.send([{ target: { kind: 'fcm', token: 'fcm-token' }, message }]);
    expect(outcomes).toEqual([{ ok: false, gone: false, reason: expect.stringContaining('FCM') }]);
    expect(received).toHaveLength(before);
  });

  it('tells browsers the VAPID public key to subscribe with', () => {
    const { keys, push } = adapter();
    expect(push.kind).toBe('webpush');
    expect(push.clientConfig()).toEqual({ kind: 'webpush', vapidPublicKey: keys.publicKey });
  });

  it('refuses a subject that is neither https: nor mailto: when it is created, not at every push', () => {
    const keys = webpush.generateVAPIDKeys();
    expect(() => createWebPush({ keys, subject: 'http://localhost:3000' })).toThrow(/https: or mailto:/);
  });
});

describe('the VAPID keys in DATA_DIR', () => {
  it('generates them once, readable by the owner only, and reuses them afterwards', () => {
    const dataDir = join(directory, 'data-fresh', 'nested');
    const first = loadOrCreateVapidKeys(dataDir);
    const file = vapidKeysFile(dataDir);
    expect(file).toBe(join(dataDir, 'vapid-keys.json'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const written = readFileSync(file, 'utf8');
    expect(JSON.parse(written)).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);

    expect(loadOrCreateVapidKeys(dataDir)).toEqual(first);
    expect(readFileSync(file, 'utf8')).toBe(written);
    // The temporary file it was written through is gone.
    expect(readdirSync(dataDir)).toEqual(['vapid-keys.json']);
  });

  it('signs pushes with keys it generated', async () => {
    const keys = loadOrCreateVapidKeys(join(directory, 'data-signing'));
    const push = createWebPush({ keys, subject: vapidSubject('https://venue.example/de'), agent, ...testService });
    const browser = browserSubscription(`${origin}/push/generated-keys`);
    expect(await push.send([{ target: browser.target, message }])).toEqual([{ ok: true }]);
    const request = received.find((entry) => entry.path === '/push/generated-keys')!;
    expect(verifyVapid(request.headers.authorization, keys.publicKey).sub).toBe('https://venue.example');
  });

  it.each([
    ['is not JSON', 'not json at all'],
    ['is empty', ''],
    ['was cut off', '{"publicKey":"BNc'],
    ['lacks the private key', JSON.stringify({ publicKey: webpush.generateVAPIDKeys().publicKey })],
    ['holds two keys that are not a pair', JSON.stringify({ publicKey: webpush.generateVAPIDKeys().publicKey, privateKey: webpush.generateVAPIDKeys().privateKey })],
  ])('refuses a key file that %s with an error that says what to do, and leaves it as it is', (_, content) => {
    const dataDir = mkdtempSync(join(directory, 'data-corrupt-'));
    const file = vapidKeysFile(dataDir);
    writeFileSync(file, content, { mode: 0o600 });
    expect(() => loadOrCreateVapidKeys(dataDir)).toThrow(/vapid-keys\.json are unusable: .*Restore the file from a backup; or delete it/);
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('refuses a key file it cannot read instead of replacing it', () => {
    // A directory where the file belongs: unreadable even for root, who may read any file.
    const dataDir = mkdtempSync(join(directory, 'data-unreadable-'));
    mkdirSync(vapidKeysFile(dataDir));
    expect(() => loadOrCreateVapidKeys(dataDir)).toThrow(/Cannot read the Web Push keys .*\(EISDIR\)/);
    expect(statSync(vapidKeysFile(dataDir)).isDirectory()).toBe(true);
  });
});

describe('the VAPID subject', () => {
  it('is the site when it is served over https from a public name', () => {
    expect(vapidSubject('https://venue.example/some/path')).toBe('https://venue.example');
  });

  it('is a mailto: address Apple accepts for a local or http: site', () => {
    for (const site of ['http://localhost:3000', 'https://localhost:3000', 'https://venue.local', 'http://venue.example', 'nonsense']) {
      expect(vapidSubject(site)).toBe('mailto:push@example.com');
    }
  });
});

// The test's decryption is itself checked against a record encrypted here by hand, so a passing
// end-to-end test cannot come from two matching mistakes.
describe('the test browser', () => {
  it('decrypts a record made by the RFC 8291 steps', () => {
    const browser = browserSubscription('https://unused.example');
    const sender = createECDH('prime256v1');
    sender.generateKeys();
    const salt = randomBytes(16);
    const ikm = hkdf(
      sender.computeSecret(browser.ecdh.getPublicKey()),
      browser.auth,
      Buffer.concat([Buffer.from('WebPush: info\0', 'latin1'), browser.ecdh.getPublicKey(), sender.getPublicKey()]),
      32,
    );
    const cipher = createCipheriv('aes-128-gcm', hkdf(ikm, salt, 'Content-Encoding: aes128gcm\0', 16), hkdf(ikm, salt, 'Content-Encoding: nonce\0', 12));
    const sealed = Buffer.concat([cipher.update(Buffer.from('hello\x02\0\0\0', 'latin1')), cipher.final(), cipher.getAuthTag()]);
    const header = Buffer.alloc(21);
    salt.copy(header);
    header.writeUInt32BE(4096, 16);
    header[20] = 65;
    expect(decryptAsBrowser(Buffer.concat([header, sender.getPublicKey(), sealed]), browser.ecdh, browser.auth)).toBe('hello');
  });
});
