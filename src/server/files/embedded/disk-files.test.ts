import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filesContract, TINY_PNG } from '../files.contract';
import { DiskFiles } from './disk-files';

const root = mkdtempSync(join(tmpdir(), 'files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;
let current: DiskFiles;

filesContract(
  'embedded (disk)',
  async () => {
    count += 1;
    current = new DiskFiles(join(root, `store-${count}`), 'http://localhost:3000');
    return current;
  },
  // What the app's storage route does with a download URL: check the token, then serve.
  async (url) => {
    const { pathname, searchParams } = new URL(url);
    const path = decodeURIComponent(pathname.split('/o/')[1]!);
    if (!(await current.hasToken(path, searchParams.get('token') ?? ''))) return null;
    return (await current.read(path)).bytes;
  },
);

describe('embedded files on disk', () => {
  it('keep files and their tokens across instances (restarts)', async () => {
    const dir = join(root, 'durable');
    const first = new DiskFiles(dir, 'http://localhost:3000');
    await first.put({ name: 'images', folder: 'images', maxBytes: 1024, contentTypes: ['image/png'] }, 'images/keep.png', TINY_PNG, { contentType: 'image/png' });
    const url = await first.downloadUrl('images/keep.png');
    const again = new DiskFiles(dir, 'http://localhost:3000');
    expect(await again.downloadUrl('images/keep.png')).toBe(url);
    expect((await again.read('images/keep.png')).bytes).toEqual(TINY_PNG);
  });
});
