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

/** A WebP at most `width` pixels wide (the images feature decides which widths are served). */
export async function renderRendition(bytes: Uint8Array, width: number): Promise<Uint8Array> {
  const output = await sharp(bytes).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
  return new Uint8Array(output);
}
