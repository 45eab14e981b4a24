// Pixel facts and resized renditions of images, with sharp (server only).
import 'server-only';
import sharp from 'sharp';

export interface ImageFacts {
  width: number;
  height: number;
}

export type ImageProbe = (bytes: Uint8Array) => Promise<ImageFacts>;

export const probeImage: ImageProbe = async (bytes) => {
  const { width, height, orientation } = await sharp(bytes).metadata();
  if (!width || !height) throw new Error('Not an image sharp can read.');
  // Photos from phones store the rotation separately; people see them turned.
  return orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
};

/** Widths the site asks for; anything else would let callers fill the cache. */
export const RENDITION_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];

export async function renderRendition(bytes: Uint8Array, width: RenditionWidth): Promise<Uint8Array> {
  const output = await sharp(bytes).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
  return new Uint8Array(output);
}
