// The kinds of files the product stores, with their limits. firebase/storage.rules states the
// same limits for uploads straight from the browser in the Firebase backend;
// src/features/files/file-uses.test.ts keeps the two in step. The browser loads this file too (the
// upload screens accept IMAGE_TYPES), so it imports types only.
import type { FileUse } from './port';

/** The image types the library accepts. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;

/** Uploads an account started within this window count against its quota (decision 017). */
export const UPLOAD_QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface UploadUse extends FileUse {
  /**
   * Whether anyone may upload for this use at all. A use stays closed until a feature claims it;
   * storage.rules has the same flag as a function `<folder>Open()`.
   */
  open: boolean;
  /**
   * Per account and use, within UPLOAD_QUOTA_WINDOW_MS: how many uploads may be started
   * (unfinished, or finished in the window) and how many bytes they may declare in all.
   */
  quota: { uploads: number; bytes: number };
}

export const FILE_USES = {
  /**
   * The admin image library: covers, gallery and lounge photos. 300 uploads and 3 GB a day let an
   * admin fill the library with a season's photos in one sitting (a few MB each, 20 MB at most).
   */
  images: { name: 'images', folder: 'images', maxBytes: 20 * 1024 * 1024, contentTypes: IMAGE_TYPES, open: true, quota: { uploads: 300, bytes: 3 * 1024 * 1024 * 1024 } },
  /**
   * Profile photos, cropped to a square in the browser (src/features/profile), then re-encoded by
   * the server; 20 tries a day of at most 2 MB each, one pending at a time under the account's
   * own folder (the next upload replaces it, claiming it consumes it).
   */
  avatars: {
    name: 'avatars',
    folder: 'avatars',
    accountUpload: 'upload',
    maxBytes: 2 * 1024 * 1024,
    contentTypes: ['image/jpeg', 'image/png', 'image/webp'],
    open: true,
    quota: { uploads: 20, bytes: 40 * 1024 * 1024 },
  },
} as const satisfies Record<string, UploadUse>;
