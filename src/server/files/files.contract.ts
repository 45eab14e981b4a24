// The contract both files adapters keep; each adapter's test file runs it against its own store.
import { beforeEach, describe, expect, it } from 'vitest';
import { FilesError, type Files, type FileUse } from './port';

const IMAGES: FileUse = { name: 'images', folder: 'images', maxBytes: 64 * 1024, contentTypes: ['image/png', 'image/jpeg'] };
const AVATARS: FileUse = { name: 'avatars', folder: 'avatars', accountUpload: 'upload', maxBytes: 64 * 1024, contentTypes: ['image/png'] };

/** A real 1×1 PNG. */
export const TINY_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

async function expectCode(promise: Promise<unknown>, code: FilesError['code']) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FilesError);
  expect((error as FilesError).code).toBe(code);
  return error as FilesError;
}

export function filesContract(name: string, open: () => Promise<Files>, fetchUrl: (url: string) => Promise<Uint8Array | null>) {
  describe(`files contract: ${name}`, () => {
    let files: Files;
    beforeEach(async () => {
      files = await open();
    });

    it('stores a file with the specification’s metadata fields', async () => {
      const metadata = await files.put(IMAGES, 'images/a/tiny.png', TINY_PNG, { contentType: 'image/png', customMetadata: { uploader: 'u1' } });
      expect(metadata).toMatchObject({
        bucket: files.bucket,
        fullPath: 'images/a/tiny.png',
        name: 'tiny.png',
        size: TINY_PNG.byteLength,
        contentType: 'image/png',
        customMetadata: { uploader: 'u1' },
      });
      for (const field of ['generation', 'metageneration', 'timeCreated', 'updated', 'md5Hash'] as const) expect(metadata[field]).not.toBe('');
      expect(await files.metadata('images/a/tiny.png')).toEqual(metadata);
      expect((await files.read('images/a/tiny.png')).bytes).toEqual(TINY_PNG);
    });

    it('gives a tokenized download URL that serves the bytes', async () => {
      await files.put(IMAGES, 'images/b.png', TINY_PNG, { contentType: 'image/png' });
      const url = await files.downloadUrl('images/b.png');
      expect(url).toMatch(/\/v0\/b\/[^/]+\/o\/images%2Fb\.png\?alt=media&token=[0-9a-f-]{36}$/);
      expect(await fetchUrl(url)).toEqual(TINY_PNG);
      expect(await fetchUrl(url.replace(/token=.*/, 'token=wrong'))).toBeNull();
    });

    it('deletes, after which the file is not found', async () => {
      await files.put(IMAGES, 'images/c.png', TINY_PNG, { contentType: 'image/png' });
      await files.delete('images/c.png');
      await expectCode(files.metadata('images/c.png'), 'object-not-found');
      await expectCode(files.downloadUrl('images/c.png'), 'object-not-found');
      await expectCode(files.delete('images/c.png'), 'object-not-found');
    });

    it("deletes a folder's files, whatever their names, and nothing beside it", async () => {
      for (const path of ['avatars/ada/a.png', 'avatars/ada/deep/b.png', 'avatars/adam/c.png']) await files.put(AVATARS, path, TINY_PNG, { contentType: 'image/png' });
      expect(await files.deleteFolder('avatars/ada')).toBe(2);
      await expectCode(files.metadata('avatars/ada/a.png'), 'object-not-found');
      await expectCode(files.metadata('avatars/ada/deep/b.png'), 'object-not-found');
      expect((await files.metadata('avatars/adam/c.png')).size).toBe(TINY_PNG.byteLength);
      expect(await files.deleteFolder('avatars/nobody')).toBe(0);
      await expectCode(files.deleteFolder('/'), 'invalid-root-operation');
    });

    it('replaces the custom metadata of a file, which still downloads', async () => {
      await files.put(IMAGES, 'images/d.png', TINY_PNG, { contentType: 'image/png', customMetadata: { uploaderUid: 'ada', originalName: 'me.png' } });
      await files.setCustomMetadata('images/d.png', { uploaderUid: 'deleted-1' });
      expect((await files.metadata('images/d.png')).customMetadata).toEqual({ uploaderUid: 'deleted-1' });
      expect(await fetchUrl(await files.downloadUrl('images/d.png'))).toEqual(TINY_PNG);
      await expectCode(files.setCustomMetadata('images/none.png', {}), 'object-not-found');
    });

    it('refuses the bucket root for upload, download URL and delete', async () => {
      await expectCode(files.put(IMAGES, '', TINY_PNG, { contentType: 'image/png' }), 'invalid-root-operation');
      await expectCode(files.downloadUrl('/'), 'invalid-root-operation');
      await expectCode(files.delete(''), 'invalid-root-operation');
    });

    it("enforces the use's folder, size and content type, checked against the bytes", async () => {
      await expectCode(files.put(IMAGES, 'avatars/x.png', TINY_PNG, { contentType: 'image/png' }), 'unauthorized');
      await expectCode(files.put(IMAGES, 'images/big.png', new Uint8Array(IMAGES.maxBytes + 1), { contentType: 'image/png' }), 'invalid-argument');
      await expectCode(files.put(IMAGES, 'images/x.gif', TINY_PNG, { contentType: 'image/gif' }), 'invalid-content');
      const lie = await expectCode(files.put(IMAGES, 'images/x.jpg', TINY_PNG, { contentType: 'image/jpeg' }), 'invalid-content');
      expect(lie.message).toContain('image/png');
      await expectCode(files.put(IMAGES, 'images/../secret.png', TINY_PNG, { contentType: 'image/png' }), 'invalid-argument');
      await expectCode(files.metadata('images/x.jpg'), 'object-not-found');
    });
  });
}
