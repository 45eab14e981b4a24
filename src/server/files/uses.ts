// The kinds of files the product stores, with their limits. firebase/storage.rules states the
// same limits for uploads straight from the browser in the Firebase backend; files-uses.test.ts
// keeps the two in step.
import type { FileUse } from './port';

import { IMAGE_TYPES } from '@/features/files/accepted-types';

export { IMAGE_TYPES };

export const FILE_USES = {
  /** The admin image library: covers, gallery and lounge photos. */
  images: { name: 'images', folder: 'images', maxBytes: 20 * 1024 * 1024, contentTypes: IMAGE_TYPES },
  /** Members' profile photos, after cropping. */
  avatars: { name: 'avatars', folder: 'avatars', maxBytes: 2 * 1024 * 1024, contentTypes: ['image/jpeg', 'image/png', 'image/webp'] },
} as const satisfies Record<string, FileUse>;
