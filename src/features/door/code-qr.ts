// The QR code of a pass or a ticket, as the screen draws it and the benchmark films it: one
// function, so `npm run bench:pass-decode` measures the picture members actually show. uqr picks
// the QR mode from the text (numeric for the all-digit NL3 and NT2 codes, byte mode for the older
// ones); error correction M; the quiet zone is part of the matrix.
// Isomorphic: no Node, no DOM.
import { encode } from 'uqr';

/**
 * Modules of white around the code: 2, not the 4 the QR standard asks (decision 042, issue 48).
 * The pass draws its white square as wide as the phone allows, so every module of margin is taken
 * from the code's own: with 2, a version 5 code's modules are as large as the unsigned NL1 code's
 * were (41 modules across), and the camera reads it from as far away. zxing, as the scanner runs
 * it, finds the code with 2 modules of white on the app's dark page (`npm run bench:pass-decode`).
 */
export const QUIET_ZONE = 2;
/**
 * M (15 % of the code words recoverable) rather than L: the codes are as small as their data
 * allows at either level (NL3 and NT2 are version 5 at L and at M), so M costs nothing.
 */
export const CODE_ECC = 'M';

export interface CodeQr {
  /** QR version (1–40): the code is 17 + 4 × version modules wide, without the quiet zone. */
  version: number;
  /** Rows of modules, quiet zone included; `true` is dark. */
  modules: boolean[][];
}

export function codeQr(text: string): CodeQr {
  const { version, data } = encode(text, { ecc: CODE_ECC, border: QUIET_ZONE });
  return { version, modules: data };
}
