// How the scanner reads a QR code from the camera: which part of a frame, at what size, with which
// decoder options. One place, because the benchmark of far reads (`npm run bench:pass-decode`)
// must decode exactly as the scanner does, or its figures flatter.
import type { ReaderOptions } from 'zxing-wasm/reader';

/** The share of the frame's shorter side decoded (the aiming square on screen). */
export const DECODE_CROP = 0.7;
/** Frames are scaled down to this size before decoding: enough for a phone's QR at arm's length. */
export const DECODE_MAX_SIDE = 640;
/** zxing-wasm's reader options in the scanner's worker: QR only, fast, the first code found. */
export const QR_READER_OPTIONS: ReaderOptions = { formats: ['QRCode'], tryHarder: false, maxNumberOfSymbols: 1 };
