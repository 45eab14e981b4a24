// Claiming a browser's upload to Firebase Storage: only the account's one upload object, written
// by that account. DiskFiles stands in for the bucket (the claim reads metadata only).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskFiles } from './embedded/disk-files';
import { storageUploadClaims } from './uploads';
import { FILE_USES } from './uses';

const root = mkdtempSync(join(tmpdir(), 'upload-claims-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);

describe('Storage upload claims', () => {
  it("claims a person's avatars/{uid}/upload and no other file of theirs, nor anyone else's", async () => {
    const files = new DiskFiles(root, 'http://localhost');
    const claims = storageUploadClaims(files);
    const put = (path: string, uploaderUid: string) => files.put(FILE_USES.avatars, path, JPEG, { contentType: 'image/jpeg', customMetadata: { uploaderUid } });
    await put('avatars/ada/upload', 'ada');
    await put('avatars/ada/second.jpg', 'ada');
    await put('avatars/bob/upload', 'bob');
    expect(await claims.claim('avatars/ada/upload', 'ada', FILE_USES.avatars)).toBe('avatars/ada/upload');
    await expect(claims.claim('avatars/ada/second.jpg', 'ada', FILE_USES.avatars)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(claims.claim('avatars/bob/upload', 'ada', FILE_USES.avatars)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(claims.claim('avatars/ada/../bob/upload', 'ada', FILE_USES.avatars)).rejects.toMatchObject({ code: 'unauthorized' });
  });
});
