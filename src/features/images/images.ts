// images/{id}: the image library. Each document holds the stored file's metadata (the
// specification's file-metadata fields), the pixel size, alt texts in both languages, tags, who
// uploaded it and who changed it last. Files are uploaded first (resumably), then registered here by the server,
// which checks the bytes before anything is listed.
import { z } from 'zod';
import { LOCALES } from '@/i18n/routing';
import { defineCollection } from '@/server/documents/port';

import { IMAGE_TAGS, type ImageTag } from './members-only';
import { ALT_MAX, LIBRARY_LIMIT } from './constants';

export { ALT_MAX, IMAGE_TAGS, LIBRARY_LIMIT, type ImageTag };


export const StoredFileMetadata = z.object({
  bucket: z.string(),
  generation: z.string(),
  metageneration: z.string(),
  fullPath: z.string(),
  name: z.string(),
  size: z.number(),
  timeCreated: z.string(),
  updated: z.string(),
  md5Hash: z.string(),
  cacheControl: z.string().nullable(),
  contentDisposition: z.string().nullable(),
  contentEncoding: z.string().nullable(),
  contentLanguage: z.string().nullable(),
  contentType: z.string(),
  customMetadata: z.record(z.string(), z.string()),
});

export const AltTexts = z.object(Object.fromEntries(LOCALES.map((locale) => [locale, z.string().trim().max(ALT_MAX)])) as Record<(typeof LOCALES)[number], z.ZodString>);
export type AltTexts = z.infer<typeof AltTexts>;

export const ImageDocument = z.object({
  file: StoredFileMetadata,
  /** The tokenized download URL of the original. */
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: AltTexts,
  tags: z.array(z.enum(IMAGE_TAGS)),
  uploaderUid: z.string(),
  /** Who changed its alt texts or tags last; null since its upload (or when that was before it was kept). */
  updatedBy: z.string().nullable().default(null),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ImageDocument = z.infer<typeof ImageDocument>;

export const Images = defineCollection('images', ImageDocument);
