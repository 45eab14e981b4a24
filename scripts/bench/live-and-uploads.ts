// Benchmark of live reads and uploads on a running embedded server. Prints figures; asserts
// nothing. Start the app first (`npm run build && npm start`), then:
//   npm run bench:live
// BENCH_BASE_URL (default http://localhost:3000) and FIREBASE_AUTH_EMULATOR_HOST (default
// 127.0.0.1:9099) point at it; the demo admin account signs in.
//   1. Write-to-screen latency of the image library's live feed: 200 edits made through the API,
//      each timed until a second browser shows it (p50/p95).
//   2. Upload throughput of the resumable upload (tus, chunked) against a plain copy of the same
//      bytes on the same disk, in the same run.
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { TusUploadTask } from '../../src/features/files/client/upload-task';
import { fetchTransport } from '../../src/features/files/client/transport';
import { percentile, printMachine } from './report';

const base = process.env.BENCH_BASE_URL ?? 'http://localhost:3000';
const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const CHANGES = 200;

async function sessionCookie(): Promise<string> {
  const signIn = await fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@nordlicht.example', password: 'nordlicht-admin', returnSecureToken: true }),
  });
  if (!signIn.ok) throw new Error(`Sign-in failed (${signIn.status}): is the app running at ${base} with its emulator at ${emulator}?`);
  const { idToken } = (await signIn.json()) as { idToken: string };
  const session = await fetch(`${base}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ idToken }) });
  const cookie = session.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`No session (${session.status}).`);
  return cookie;
}

async function trpc(cookie: string, path: string, input: unknown) {
  const response = await fetch(`${base}/api/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: JSON.stringify({ json: input }),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { result: { data: { json: unknown } } }).result.data.json;
}

async function upload(cookie: string, bytes: Uint8Array, name: string): Promise<string> {
  const task = new TusUploadTask(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }), {
    endpoint: '/api/uploads',
    metadata: { use: 'images', filename: name, filetype: 'image/png' },
    transport: fetchTransport(base, { cookie, origin: base }),
  });
  return task.done;
}

async function main() {
  printMachine(`the app at ${base}, its own backend`);
  const cookie = await sessionCookie();
  const sharp = (await import('sharp')).default;
  const png = new Uint8Array(await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffefc1' } }).png().toBuffer());
  const image = (await trpc(cookie, 'images.add', { upload: await upload(cookie, png, 'bench.png'), alt: { en: 'bench-start', de: 'bench-start' } })) as { id: string };

  // 1. Live feed latency, seen by a second browser.
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const context = await browser.newContext();
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name: name!, value: value!, url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/admin/images`);
  await page.locator(`img[alt="bench-start"]`).waitFor({ timeout: 30_000 });
  await page.evaluate(() => {
    const seen: Record<string, number> = {};
    (window as unknown as { __seen: Record<string, number> }).__seen = seen;
    new MutationObserver(() => {
      for (const img of document.querySelectorAll('img[alt^="bench-"]')) seen[img.getAttribute('alt')!] ??= Date.now();
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['alt'] });
  });
  const latencies: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const alt = `bench-${i}`;
    const sent = Date.now();
    await trpc(cookie, 'images.update', { id: image.id, alt: { en: alt, de: alt } });
    await page.waitForFunction((expected) => (window as unknown as { __seen: Record<string, number> }).__seen[expected] !== undefined, alt, { timeout: 10_000 });
    const shown = await page.evaluate((expected) => (window as unknown as { __seen: Record<string, number> }).__seen[expected]!, alt);
    latencies.push(shown - sent);
  }
  await browser.close();
  console.log(`Live feed, write to screen in a second browser (${CHANGES} changes): p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms`);

  // 2. Upload throughput against a plain copy of the same bytes.
  const dir = await mkdtemp(join(tmpdir(), 'bench-upload-'));
  // About 17 MB: an uncompressed PNG of noise, under the library's 20 MB limit.
  const big = new Uint8Array(await sharp({ create: { width: 2400, height: 2400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png({ compressionLevel: 0 }).toBuffer());
  const source = join(dir, 'source.png');
  await writeFile(source, big);
  const copyStart = performance.now();
  await copyFile(source, join(dir, 'copy.png'));
  const copyMs = performance.now() - copyStart;
  const uploadStart = performance.now();
  const bigUpload = await upload(cookie, big, 'bench-big.png');
  const uploadMs = performance.now() - uploadStart;
  // Claimed and removed again, so the bench leaves the library as it found it.
  const added = (await trpc(cookie, 'images.add', { upload: bigUpload })) as { id: string };
  await trpc(cookie, 'images.remove', { id: added.id });
  const mb = big.byteLength / (1024 * 1024);
  console.log(`Upload of ${mb.toFixed(1)} MB over tus: ${(mb / (uploadMs / 1000)).toFixed(1)} MB/s (${uploadMs.toFixed(0)} ms)`);
  console.log(`Plain copy of the same bytes: ${(mb / (copyMs / 1000)).toFixed(1)} MB/s (${copyMs.toFixed(1)} ms); upload takes ${(uploadMs / copyMs).toFixed(1)}× as long`);
  await rm(dir, { recursive: true, force: true });
  await trpc(cookie, 'images.remove', { id: image.id });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
