// Test support for the profile's tests: the ports a photo and a deletion need, with uploads that
// are pictures a test staged for a person (`staged.set('<uid>/<upload>', bytes)`), on disk.
import type { Documents } from '@/server/documents/port';
import { DiskFiles } from '@/server/files/embedded/disk-files';
import { FilesError } from '@/server/files/port';
import { storageUploadClaims, type UploadClaims } from '@/server/files/uploads';
import type { FakeAccounts } from '@/server/testing/fake-accounts';
import { renderAvatar } from './avatar-image';
import type { AvatarPorts } from './profile';

export const TEST_SITE = 'http://localhost:3000';

export function stagedUploadPorts(documents: Documents, accounts: FakeAccounts, folder: string) {
  const staged = new Map<string, Uint8Array>();
  const files = new DiskFiles(folder, TEST_SITE);
  const uploads: UploadClaims = {
    async claim(upload, uid, use) {
      const bytes = staged.get(`${uid}/${upload}`);
      if (!bytes) throw new FilesError('unauthorized', 'not yours');
      const path = `${use.folder}/${uid}/${upload}`;
      await files.put(use, path, bytes, { contentType: 'image/jpeg', customMetadata: { uploaderUid: uid } });
      return path;
    },
    discardAllOf: (uid) => storageUploadClaims(files).discardAllOf(uid),
  };
  const ports: AvatarPorts & { uploads: UploadClaims } = { documents, accounts, files, uploads, render: renderAvatar, siteUrl: TEST_SITE };
  return { ports, staged };
}
