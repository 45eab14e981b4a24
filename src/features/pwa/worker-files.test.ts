import { describe, expect, it } from 'vitest';
import { answeredAtRequestUrl, buildFilesLoaded, isBuildFile, isScannerDecoder, isWorkerScript, scannerDecoderUrl } from './worker-files';

describe('a worker script answered from a cache', () => {
  it('has no URL of its own, so the browser keeps the one it asked for (with the bootstrap parameters)', async () => {
    const cached = Object.defineProperties(new Response('self.x = 1', { status: 200, headers: { 'content-type': 'text/javascript' } }), {
      type: { value: 'basic' },
      url: { value: 'https://venue.example/_next/static/chunks/turbopack-worker-abc.js' },
    });
    const answered = answeredAtRequestUrl(cached);
    expect(answered).not.toBe(cached);
    expect(answered.url).toBe('');
    expect(answered.status).toBe(200);
    expect(answered.headers.get('content-type')).toBe('text/javascript');
    expect(await answered.text()).toBe('self.x = 1');
  });

  it('leaves opaque and failed answers as they are', () => {
    const opaque = Object.defineProperty(new Response(null), 'type', { value: 'opaque' });
    expect(answeredAtRequestUrl(opaque)).toBe(opaque);
  });

  it('is what module workers get, not other scripts', () => {
    const request = (destination: string) => ({ destination }) as Request;
    expect(isWorkerScript(request('worker'))).toBe(true);
    expect(isWorkerScript(request('sharedworker'))).toBe(true);
    expect(isWorkerScript(request('script'))).toBe(false);
    expect(isWorkerScript(request(''))).toBe(false);
  });
});

describe('files of the build and of the door', () => {
  it.each(['/_next/static/chunks/a.js', '/_next/static/media/qr-decoder.worker.abc.ts', '/_next/static/css/x.css'])('%s is a build file', (path) => {
    expect(isBuildFile(new URL(path, 'https://venue.example'))).toBe(true);
  });

  it.each(['/', '/_next/image', '/zxing/zxing_reader.wasm', '/icons/icon-192.png'])('%s is not', (path) => {
    expect(isBuildFile(new URL(path, 'https://venue.example'))).toBe(false);
  });

  it("names the decoder's version in its address, which the worker still recognises", () => {
    const url = scannerDecoderUrl('0123456789abcdef0123456789abcdef');
    expect(url).toBe('/zxing/zxing_reader.wasm?v=0123456789abcdef');
    expect(isScannerDecoder(new URL(url, 'https://venue.example'))).toBe(true);
    expect(scannerDecoderUrl('fedcba9876543210ffff')).not.toBe(url);
  });

  it("lists this site's build files among what a page loaded, once each", () => {
    const origin = 'https://venue.example';
    const entries = [
      { name: `${origin}/_next/static/chunks/a.js` },
      { name: `${origin}/_next/static/chunks/a.js` },
      { name: `${origin}/_next/static/css/b.css` },
      { name: `${origin}/api/trpc/identity.me` },
      { name: `${origin}/icons/icon-192.png` },
      { name: 'https://elsewhere.example/_next/static/chunks/c.js' },
      { name: 'not a url' },
    ];
    expect(buildFilesLoaded(entries, origin)).toEqual([`${origin}/_next/static/chunks/a.js`, `${origin}/_next/static/css/b.css`]);
  });
});
