// Finished uploads, claimed by the server before anything uses them. The embedded backend
// receives uploads over tus (src/app/api/uploads) and moves a finished one into the files port;
// the Firebase backend's browser uploads straight to Storage, and the server checks who did.
import type { Files, FileUse } from './port';
import { FilesError } from './port';
import { FILE_USES } from './uses';

export interface UploadClaims {
  /**
   * The stored path of a finished upload by `uid` for `use`: `upload` is the tus upload id
   * (embedded) or the Storage path (Firebase). Refused when it is not that person's, not
   * finished, or not of that use.
   */
  claim(upload: string, uid: string, use: FileUse): Promise<string>;
  /** Removes every upload by `uid` not claimed yet, finished or not (the account is deleted). */
  discardAllOf(uid: string): Promise<void>;
}

/** Firebase: the browser wrote the file under the use's folder with its uid in the metadata. */
export function storageUploadClaims(files: Files): UploadClaims {
  return {
    async claim(path, uid, use) {
      const mine = use.accountUpload ? path === `${use.folder}/${uid}/${use.accountUpload}` : path.startsWith(`${use.folder}/`);
      if (!mine) throw new FilesError('unauthorized', `Not a ${use.name} upload of this account.`, path);
      const metadata = await files.metadata(path);
      if (metadata.customMetadata.uploaderUid !== uid) throw new FilesError('unauthorized', 'This upload belongs to someone else.', path);
      return path;
    },
    // Storage's rules keep a browser's uploads of a per-account use under its account's folder.
    async discardAllOf(uid) {
      for (const use of Object.values(FILE_USES)) if ('accountUpload' in use) await files.deleteFolder(`${use.folder}/${uid}`);
    },
  };
}
