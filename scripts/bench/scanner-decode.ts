// The door scanner's decoding, reproduced without the app for the far-read benchmark
// (`pass-decode.ts`): Chromium films a code with a fake webcam (`cameraVideo`) and a page decodes
// it as the scanner does: the centre square of each frame (`DECODE_CROP`, `DECODE_MAX_SIDE`), one
// frame in flight, in a worker, with zxing-wasm's reader (the same package and WebAssembly the app
// serves from /zxing/) and the scanner's options (`QR_READER_OPTIONS`). The page is served to
// Chromium from this process (Playwright's routing): no app, no server.
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium } from '@playwright/test';
import { DECODE_CROP, DECODE_MAX_SIDE, QR_READER_OPTIONS } from '../../src/features/door/client/qr-reading';
import { cameraVideo, type View } from './pass-views';
import { median } from './report';

const require = createRequire(import.meta.url);
/** zxing-wasm's dist/ (the package exports only its modules and WebAssembly, not the IIFE build). */
const ZXING_DIST = join(dirname(require.resolve('zxing-wasm/reader/zxing_reader.wasm')), '..');
export const DECODES = 50;
const ORIGIN = 'http://localhost';

/** The scanner page, reduced to what decodes: the camera, the centre crop, the worker (useCameraDecoder's loop). */
const PAGE = `<!doctype html><meta charset="utf-8"><video autoplay muted playsinline></video><script>
const { crop, maxSide, options } = JSON.parse(new URLSearchParams(location.search).get('settings'));
const worker = new Worker('/worker.js');
const canvas = document.createElement('canvas');
const context = canvas.getContext('2d', { willReadFrequently: true });
const video = document.querySelector('video');
let inFlight = false;
let nextId = 0;
window.decodes = [];
worker.onmessage = (event) => { inFlight = false; window.decodes.push({ ms: event.data.ms, text: event.data.text, error: event.data.error }); };
worker.postMessage({ options });
const grab = () => {
  requestAnimationFrame(grab);
  if (inFlight || video.readyState < 2 || !video.videoWidth) return;
  const side = Math.min(video.videoWidth, video.videoHeight) * crop;
  const scale = Math.min(1, maxSide / side);
  canvas.width = canvas.height = Math.round(side * scale);
  context.drawImage(video, (video.videoWidth - side) / 2, (video.videoHeight - side) / 2, side, side, 0, 0, canvas.width, canvas.height);
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  inFlight = true;
  worker.postMessage({ id: (nextId += 1), image }, [image.data.buffer]);
};
navigator.mediaDevices.getUserMedia({ audio: false, video: { width: { ideal: 1280 }, height: { ideal: 720 } } }).then((stream) => {
  video.srcObject = stream;
  video.play();
  requestAnimationFrame(grab);
});
</script>`;

/** qr-decoder.worker.ts, as a classic worker over zxing-wasm's IIFE build of the same reader. */
const WORKER = `importScripts('/zxing-reader.js');
ZXingWASM.prepareZXingModule({ overrides: { locateFile: (path, prefix) => (path.endsWith('.wasm') ? '/zxing_reader.wasm' : prefix + path) } });
let options;
self.onmessage = async (event) => {
  if (event.data.options) { options = event.data.options; return; }
  const { id, image } = event.data;
  const started = performance.now();
  try {
    const [first] = await ZXingWASM.readBarcodes(image, options);
    self.postMessage({ id, text: first && first.isValid ? first.text : null, ms: performance.now() - started });
  } catch (error) {
    self.postMessage({ id, text: null, ms: performance.now() - started, error: String(error) });
  }
};`;

const FILES: Record<string, { body: Buffer | string; contentType: string }> = {
  '/': { body: PAGE, contentType: 'text/html' },
  '/worker.js': { body: WORKER, contentType: 'text/javascript' },
  '/zxing-reader.js': { body: readFileSync(join(ZXING_DIST, 'iife', 'reader', 'index.js')), contentType: 'text/javascript' },
  '/zxing_reader.wasm': { body: readFileSync(join(ZXING_DIST, 'reader', 'zxing_reader.wasm')), contentType: 'application/wasm' },
};

export interface Decodes {
  median: number;
  /** Decodes that returned the code's text exactly. */
  found: number;
  /** Decodes that returned some other text (none should). */
  wrong: number;
  decodes: number;
}

/** The first `count` decodes of `modules` (quiet zone included) filmed as `view`, read as the scanner reads. */
export async function decodeTime(modules: readonly (readonly boolean[])[], text: string, view: View, count = DECODES): Promise<Decodes> {
  const video = await cameraVideo(modules, view);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await browser.newContext({ permissions: ['camera'], serviceWorkers: 'block' });
    await context.route(`${ORIGIN}/**`, (route) => {
      const file = FILES[new URL(route.request().url()).pathname];
      return file ? route.fulfill({ status: 200, body: file.body, contentType: file.contentType }) : route.fulfill({ status: 404 });
    });
    const page = await context.newPage();
    const settings = JSON.stringify({ crop: DECODE_CROP, maxSide: DECODE_MAX_SIDE, options: QR_READER_OPTIONS });
    await page.goto(`${ORIGIN}/?settings=${encodeURIComponent(settings)}`);
    await page.waitForFunction((count) => (window as unknown as { decodes: unknown[] }).decodes.length >= count, count, { timeout: 60_000 });
    const decodes = (await page.evaluate(() => (window as unknown as { decodes: { ms: number; text: string | null; error?: string }[] }).decodes)).slice(0, count);
    const error = decodes.find((decode) => decode.error)?.error;
    if (error) throw new Error(`The decoder failed: ${error}`);
    return {
      median: median(decodes.map((decode) => decode.ms)),
      found: decodes.filter((decode) => decode.text === text).length,
      wrong: decodes.filter((decode) => decode.text !== null && decode.text !== text).length,
      decodes: decodes.length,
    };
  } finally {
    await browser.close();
    rmSync(dirname(video), { recursive: true, force: true });
  }
}

/** The version of zxing-wasm decoding here (and in the app). */
export const ZXING_VERSION = (JSON.parse(readFileSync(join(ZXING_DIST, '..', 'package.json'), 'utf8')) as { version: string }).version;
