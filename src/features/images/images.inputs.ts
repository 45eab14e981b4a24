// What the image library's procedures accept: a filter, a finished upload to register, alt texts
// and tags to change, an image to remove. Parsed once by the procedure; the domain functions take
// the parsed types. Plain zod, no server code: an image's details form parses with the same schema.
import { z } from 'zod';
import { DocumentId } from '@/server/documents/document-id';
import { AltTexts, IMAGE_TAGS } from './images';

const Tags = z.array(z.enum(IMAGE_TAGS)).max(IMAGE_TAGS.length);

export const ImageListInput = z.object({ tag: z.enum(IMAGE_TAGS).nullish() });
export type ImageListInput = z.infer<typeof ImageListInput>;

export const ImageAddInput = z.object({
  /** The finished upload: tus upload id (embedded) or Storage path (Firebase). */
  upload: z.string().min(1).max(300),
  alt: AltTexts.default({ en: '', de: '' }),
  tags: Tags.default([]),
});
export type ImageAddInput = z.infer<typeof ImageAddInput>;

export const ImageUpdateInput = z.object({ id: DocumentId, alt: AltTexts.optional(), tags: Tags.optional() });
export type ImageUpdateInput = z.infer<typeof ImageUpdateInput>;

export const ImageIdInput = z.object({ id: DocumentId });
export type ImageIdInput = z.infer<typeof ImageIdInput>;
