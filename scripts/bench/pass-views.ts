// How a door's camera sees a pass, shared by both benchmarks that film one (`bench:door`'s decode
// part on the running app's /scanner, `bench:pass-decode` without the app): the views, and the
// fake webcam's video of a code's module matrix (`codeQr`, the one the pass screen draws).
//
// The model: `size` is the width, in the 1280x720 camera frame, of the white square the pass
// screen draws, quiet zone included. How big that square is on the phone is not the code's to
// choose: the pass draws it across the whole width of the pass (a phone's screen, less the page's
// margins, at most 26rem), whatever the code. So a view fixes the square's size and a code with
// fewer modules gets larger modules in it (size / (modules + 2 × quiet zone)); drawing the square
// larger is no option the screen has left.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/** How the camera sees the pass: its size in the frame, how bright the screen is, how soft the focus. */
export interface View {
  name: string;
  /** The width of the pass's white square (quiet zone included) in the 1280x720 frame, in pixels. */
  size: number;
  /** The screen's brightness against a bright screen (1). */
  light: number;
  /** Gaussian blur (sigma, pixels): a moving hand, a long exposure. */
  blur: number;
}

export const VIEWS: View[] = [
  { name: 'held up close, bright', size: 420, light: 1, blur: 0 },
  { name: 'a dark door: dim screen, arm’s length, soft', size: 240, light: 0.3, blur: 1.4 },
  { name: 'too far: small, dim and blurred', size: 170, light: 0.25, blur: 2 },
];

export const FRAME = { width: 1280, height: 720 } as const;

/**
 * A one-frame Y4M video (what Chromium's --use-file-for-fake-video-capture plays, in a loop) of
 * `modules` (quiet zone included) filmed as `view`, in the middle of the frame. Returns its path.
 */
export async function cameraVideo(modules: readonly (readonly boolean[])[], view: View): Promise<string> {
  const size = modules.length;
  const pixels = Buffer.alloc(size * size * 3);
  // The screen's white and black as a dimmed phone shows them.
  const white = Math.round(255 * view.light);
  const black = Math.round(20 * view.light);
  modules.forEach((row, y) => row.forEach((dark, x) => pixels.fill(dark ? black : white, (y * size + x) * 3, (y * size + x) * 3 + 3)));
  let picture = sharp(pixels, { raw: { width: size, height: size, channels: 3 } }).resize(view.size, view.size, { kernel: 'nearest' });
  if (view.blur > 0) picture = sharp(await picture.png().toBuffer()).blur(view.blur);
  const qr = await picture.png().toBuffer();
  const { width, height } = FRAME;
  const background = view.light < 1 ? '#1a1a1a' : '#5a5a5a';
  const rgb = await sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: qr, left: Math.round((width - view.size) / 2), top: Math.round((height - view.size) / 2) }])
    .removeAlpha()
    .raw()
    .toBuffer();
  const y4m = join(mkdtempSync(join(tmpdir(), 'bench-pass-')), 'frame.y4m');
  const luma = Buffer.alloc(width * height);
  const chroma = Buffer.alloc((width * height) / 4, 128);
  for (let i = 0; i < width * height; i++) luma[i] = Math.round(0.257 * rgb[i * 3]! + 0.504 * rgb[i * 3 + 1]! + 0.098 * rgb[i * 3 + 2]! + 16);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  writeFileSync(y4m, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`), frame]));
  return y4m;
}
