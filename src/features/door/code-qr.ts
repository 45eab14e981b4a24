// The QR code of a pass or a ticket, as the screen draws it and the benchmark films it: one
// function, so `npm run bench:pass-decode` measures the picture members actually show. uqr picks
// the QR mode from the text (numeric for the all-digit NL3 and NT2 codes, byte mode for the older
// ones); error correction M; the standard quiet zone of 4 modules is part of the matrix.
// Isomorphic: no Node, no DOM.
import { encode } from 'uqr';

/** Modules of white around the code, as the QR standard asks. */
export const QUIET_ZONE = 4;
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
