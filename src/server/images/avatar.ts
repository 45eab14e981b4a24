// A profile photo as the app keeps it: turned upright, cut to a centred square, 512x512 WebP.
// sharp writes no metadata unless asked, so EXIF (camera, time, GPS position) does not survive.
import 'server-only';
import sharp from 'sharp';

export const AVATAR_SIZE = 512;

export async function renderAvatar(bytes: Uint8Array): Promise<Uint8Array> {
  const output = await sharp(bytes, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
    .webp({ quality: 82 })
    .toBuffer();
  return new Uint8Array(output);
}
