// Which requests the service worker treats as files of the build or of the door, and how a page
// hands the worker the files it loaded before the worker controlled it (decision 040). Shared by
// the worker (./sw.ts) and the page (./ServiceWorkerRegistration.tsx).

/** Files of the build: hashed names under /_next/static/, never changed once built. */
export function isBuildFile(url: URL): boolean {
  return url.pathname.startsWith('/_next/static/');
}

/** The scanner's QR decoder, served by the app (scripts/copy-zxing-wasm.mjs). */
export const SCANNER_DECODER_PATH = '/zxing/zxing_reader.wasm';

export function isScannerDecoder(url: URL): boolean {
  return url.pathname === SCANNER_DECODER_PATH;
}

/** The decoder's address for one version of zxing-wasm: a new version is a new cache entry. */
export function scannerDecoderUrl(sha256: string): string {
  return `${SCANNER_DECODER_PATH}?v=${encodeURIComponent(sha256.slice(0, 16))}`;
}

/** A dedicated or shared worker's script (module workers load their entry this way). */
export function isWorkerScript(request: Request): boolean {
  return request.destination === 'worker' || request.destination === 'sharedworker';
}

/**
 * The same response without a URL of its own, so the browser gives it the URL it asked for (with
 * its query and fragment) instead of the one it was cached under. A worker's script reads its
 * configuration from that URL.
 */
export function answeredAtRequestUrl(response: Response): Response {
  if (response.type !== 'basic' || response.status === 0) return response;
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

export const PAGE_FILES_MESSAGE = 'page-files';

export interface PageFilesMessage {
  type: typeof PAGE_FILES_MESSAGE;
  urls: string[];
}

/** The build files this page loaded (scripts, styles, fonts), from the browser's resource timing. */
export function buildFilesLoaded(entries: readonly { name: string }[], origin: string): string[] {
  const urls = new Set<string>();
  for (const entry of entries) {
    let url: URL;
    try {
      url = new URL(entry.name);
    } catch {
      continue;
    }
    if (url.origin === origin && isBuildFile(url)) urls.add(url.href);
  }
  return [...urls];
}
