// The rendition cache: bounded on disk with the least recently served evicted first, its order
// rebuilt from the folder after a restart, and shared between instances through the files port
// (here the embedded adapter stands in for Cloud Storage, as in the files contract).
import { existsSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { DiskFiles } from '@/server/files/embedded/disk-files';
import { DiskRenditions, RENDITION_FILES, RenditionCache, renditionName, StoredRenditions } from './rendition-cache';
import { readLog } from '@/server/log';

const folder = () => mkdtempSync(join(tmpdir(), 'renditions-'));
const bytes = (size: number, fill = 1) => new Uint8Array(size).fill(fill);

describe('renditions on disk', () => {
  it('keep at most their bound, evicting the least recently served first', async () => {
    const dir = folder();
    const disk = new DiskRenditions(dir, 300);
    await disk.put('a.webp', bytes(100));
    await disk.put('b.webp', bytes(100));
    await disk.put('c.webp', bytes(100));
    expect(await disk.get('a.webp')).toEqual(bytes(100));
    await disk.put('d.webp', bytes(100));
    expect(readdirSync(dir).sort()).toEqual(['a.webp', 'c.webp', 'd.webp']);
    expect(disk.size).toBe(300);
    expect(await disk.get('b.webp')).toBeNull();
    await disk.put('e.webp', bytes(250));
    expect(readdirSync(dir).sort()).toEqual(['e.webp']);
    expect(disk.size).toBe(250);
  });

  it('keep nothing with a bound of 0, nor a rendition larger than the bound', async () => {
    const off = new DiskRenditions(join(folder(), 'cache'), 0);
    await off.put('a.webp', bytes(10));
    expect(await off.get('a.webp')).toBeNull();
    expect(existsSync(off.dir)).toBe(false);
    const small = new DiskRenditions(folder(), 50);
    await small.put('big.webp', bytes(51));
    expect(await small.get('big.webp')).toBeNull();
  });

  it('after a restart, know the folder in order of last use, drop unfinished writes and shrink to a smaller bound', async () => {
    const dir = folder();
    const at = (name: string, size: number, secondsAgo: number) => {
      writeFileSync(join(dir, name), bytes(size));
      const time = new Date(Date.now() - secondsAgo * 1000);
      utimesSync(join(dir, name), time, time);
    };
    at('old.webp', 100, 300);
    at('middle.webp', 100, 200);
    at('recent.webp', 100, 100);
    writeFileSync(join(dir, 'recent.webp.1234.tmp'), bytes(10));
    const disk = new DiskRenditions(dir, 250);
    expect(await disk.get('middle.webp')).toEqual(bytes(100));
    expect(readdirSync(dir).sort()).toEqual(['middle.webp', 'recent.webp']);
    await disk.put('new.webp', bytes(100));
    // 'middle' was served after 'recent' was last used: 'recent' goes.
    expect(readdirSync(dir).sort()).toEqual(['middle.webp', 'new.webp']);
  });

  it('forget a file removed behind their back, and render it again', async () => {
    const dir = folder();
    const cache = new RenditionCache(new DiskRenditions(dir, 1000), null);
    const render = vi.fn(async () => bytes(20, 7));
    await cache.get('x.webp', render);
    (await import('node:fs')).rmSync(join(dir, 'x.webp'));
    expect(await cache.get('x.webp', render)).toEqual(bytes(20, 7));
    expect(render).toHaveBeenCalledTimes(2);
  });
});

describe('the rendition cache', () => {
  it('renders a rendition asked for by many at once once, and serves it from disk afterwards', async () => {
    const cache = new RenditionCache(new DiskRenditions(folder(), 1000), null);
    const render = vi.fn(async () => bytes(20, 3));
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.get('y.webp', render)));
    expect(answers).toEqual(Array(5).fill(bytes(20, 3)));
    expect(await cache.get('y.webp', render)).toEqual(bytes(20, 3));
    expect(render).toHaveBeenCalledOnce();
  });

  it('shares renditions through the files store: one instance renders, another reads the stored copy', async () => {
    const webp = new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } }).webp().toBuffer());
    const bucket = new DiskFiles(folder(), 'http://localhost:3000');
    const first = new RenditionCache(new DiskRenditions(folder(), 1_000_000), new StoredRenditions(bucket));
    const second = new RenditionCache(new DiskRenditions(folder(), 1_000_000), new StoredRenditions(bucket));
    const name = renditionName('image1', '1700000000000000', 640);
    const render = vi.fn(async () => webp);
    expect(await first.get(name, render)).toEqual(webp);
    expect((await bucket.read(`${RENDITION_FILES.folder}/${name}`)).bytes).toEqual(webp);
    expect(await second.get(name, render)).toEqual(webp);
    expect(render).toHaveBeenCalledOnce();
  });

  it('renders when the shared store fails, and still answers', async () => {
    const errors: string[] = [];
    const stopReading = readLog((line) => errors.push(line));
    const failing = { read: async () => Promise.reject(new Error('storage down')), put: async () => Promise.reject(new Error('storage down')) };
    const cache = new RenditionCache(new DiskRenditions(folder(), 1000), new StoredRenditions(failing as never));
    expect(await cache.get('z.webp', async () => bytes(20, 9))).toEqual(bytes(20, 9));
    stopReading();
    expect(errors.filter((line) => JSON.parse(line).severity === 'ERROR')).toHaveLength(2);
  });

  it('names a rendition by image, generation and width, so a replaced original is never served from an old copy', () => {
    expect(renditionName('abc', '17', 640)).toBe('abc-17-640.webp');
    expect(renditionName('abc', '18', 640)).not.toBe(renditionName('abc', '17', 640));
  });
});

describe('shared renditions in the bucket', () => {
  it('are the server’s alone and expire after 30 days', async () => {
    const { readFileSync } = await import('node:fs');
    const rules = readFileSync(new URL('../../../firebase/storage.rules', import.meta.url), 'utf8');
    expect(rules).toMatch(/match \/\{allPaths=\*\*\} \{\s*allow read, write: if false;/);
    expect(rules).not.toMatch(new RegExp(`match /${RENDITION_FILES.folder}/`));
    const lifecycle = JSON.parse(readFileSync(new URL('../../../firebase/storage-lifecycle.json', import.meta.url), 'utf8')) as { lifecycle: { rule: { action: { type: string }; condition: { age?: number; matchesPrefix?: string[] } }[] } };
    expect(lifecycle.lifecycle.rule).toContainEqual({ action: { type: 'Delete' }, condition: { age: 30, matchesPrefix: [`${RENDITION_FILES.folder}/`] } });
  });
});
