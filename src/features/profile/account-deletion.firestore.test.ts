// Deleting an account on the Firestore adapter too (the in-process stand-in): after a deletion by
// someone who has been everything, every collection and document the stand-in holds is walked
// (whatever collections exist) and so is every stored file; the person is in none of them. Files
// go through the Firebase backend's upload claims (a person's uploads live under their folder).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskFiles } from '@/server/files/embedded/disk-files';
import { storageUploadClaims } from '@/server/files/uploads';
import { standInDocuments } from '@/server/testing/firestore-stand-in';
import { adaDeletesHerAccount, everyFile, namingAda } from './deletion-scenario';

const root = mkdtempSync(join(tmpdir(), 'account-deletion-firestore-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('deleting an account on Firestore', () => {
  it('leaves the person in no document of any collection and in no file, with the door and the notification counting as before', async () => {
    const { documents, contents, close } = await standInDocuments();
    try {
      const files = new DiskFiles(root, 'http://localhost:3000');
      const { before, after } = await adaDeletesHerAccount(documents, files, storageUploadClaims(files));
      expect(after).toEqual(before);
      expect(before.door).toMatchObject({ admitted: 2, drinks: 2 });
      const stored = contents();
      // The walk sees the stored values: Bob, admitted by Ada, is still named.
      expect(stored).toContain('checkins');
      expect(stored).toContain('Person bob');
      expect(namingAda([stored])).toEqual([]);
      expect(namingAda(everyFile(root))).toEqual([]);
    } finally {
      await close();
    }
  });
});
