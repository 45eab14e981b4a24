// A profile photo as the app keeps it: turned upright, cut to a centred square, 512x512 WebP.
// sharp writes no metadata unless asked, so EXIF (camera, time, GPS position) does not survive.
import 'server-only';
import sharp from 'sharp';
import { AVATAR_MAX_SIDE } from './constants';

export const AVATAR_SIZE = 512;

const MAX_PIXELS = AVATAR_MAX_SIDE * AVATAR_MAX_SIDE;

/** Throws a RangeError for a picture of more than AVATAR_MAX_SIDE² pixels, read from its header before any decoding. */
export async function renderAvatar(bytes: Uint8Array): Promise<Uint8Array> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  if (width * height > MAX_PIXELS) throw new RangeError(`A picture of ${width}x${height} has more than ${MAX_PIXELS} pixels.`);
  const output = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
    .webp({ quality: 82 })
    .toBuffer();
  return new Uint8Array(output);
}
