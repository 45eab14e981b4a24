// Benchmark of how far away the door's camera reads a pass or a ticket (issue 48), without the
// app: `npm run bench:pass-decode`. Prints figures; asserts nothing.
// Chromium (Playwright's, or CHROMIUM_PATH, default /usr/bin/chromium) films one 1280x720 frame
// with the code in it (a fake webcam, the views of `pass-views.ts`: held up close, a dark door,
// too far) and decodes it as the scanner does (`scanner-decode.ts`: the same crop, worker,
// zxing-wasm build and reader options; no app, no server). For each view and code: the median
// decode time over the first 50 decodes and how many returned the code's exact text. The codes
// are signed for real (keys made here, as a phone and the server make them) and measured in the
// same run, each drawn as its screen drew it: "before" as the app drew every code until issue 48
// (error correction M, a margin of 4 modules), "now" by `codeQr`, as the pass screen and the
// ticket page draw them:
//   NL1 before (the retired unsigned code), NL2 before (the signed code), NL3 now (the signed code
//   in digits); NT1 before and NT2 now (a ticket); and the options weighed one at a time: NL3 with
//   the margin of 4, NL2 with the narrow margin, NL2 at error correction L.
// BENCH_REACH=<n> adds how many of n different codes of NL1, NL2, NL3 and NL3 with a margin of 4
// are read at the light and blur of "too far" at 150, 160 and 170 px (3 decodes each): one code
// is one picture, read every time or never, so the reach of a form is a share of its codes.
import { encode } from 'uqr';
import { codeQr, QUIET_ZONE } from '../../src/features/door/code-qr';
import { base64url, formatPassCode, lowS, PASS_KEY_ALGORITHM, PASS_SIGNATURE_ALGORITHM, signedMessage, stepAt } from '../../src/features/door/pass-code';
import { formatTicketCode, ticketMessage } from '../../src/features/door/ticket-code';
import { VIEWS } from './pass-views';
import { fmt, printMachine } from './report';
import { DECODES, decodeTime, ZXING_VERSION } from './scanner-decode';

/** A code as a screen drew it: its text, the QR matrix (quiet zone included), its version. */
interface Drawn {
  label: string;
  text: string;
  modules: boolean[][];
  version: number;
}

/** As the app drew every code before issue 48: error correction M, the standard quiet zone of 4. */
function drawnBefore(label: string, text: string): Drawn {
  const { data, version } = encode(text, { ecc: 'M', border: 4 });
  return { label, text, modules: data, version };
}

/** As the pass screen and the ticket page draw a code now. */
function drawnNow(label: string, text: string): Drawn {
  return { label, text, ...codeQr(text) };
}

/** One pass (its NL1, NL2 and NL3 codes of one window, signed as a phone signs them) and one ticket. */
async function signedCodes() {
  const phone = (await crypto.subtle.generateKey(PASS_KEY_ALGORITHM, false, ['sign', 'verify'])) as CryptoKeyPair;
  const server = (await crypto.subtle.generateKey(PASS_KEY_ALGORITHM, false, ['sign', 'verify'])) as CryptoKeyPair;
  const randomId = () => base64url(crypto.getRandomValues(new Uint8Array(12)));
  const [passId, ticketId, version, step] = [randomId(), randomId(), 2, stepAt(Date.now())];
  const sign = async (key: CryptoKey, message: string) => base64url(lowS(new Uint8Array(await crypto.subtle.sign(PASS_SIGNATURE_ALGORITHM, key, new TextEncoder().encode(message)))));
  const ticketSignature = await sign(server.privateKey, ticketMessage(ticketId));
  return {
    nl1: formatPassCode({ format: 'NL1', passId, step, mac: randomId() }),
    nl2: formatPassCode({ format: 'NL2', passId, step, signature: await sign(phone.privateKey, signedMessage('NL2', version, passId, step)) }),
    nl3: formatPassCode({ format: 'NL3', passId, step, signature: await sign(phone.privateKey, signedMessage('NL3', version, passId, step)) }),
    nt1: formatTicketCode({ ticketId, signature: ticketSignature }, 'NT1'),
    nt2: formatTicketCode({ ticketId, signature: ticketSignature }),
  };
}

/** What the door saw before issue 48, what it sees now, and the options weighed one at a time. */
function drawings(codes: Awaited<ReturnType<typeof signedCodes>>): Drawn[] {
  const atL = encode(codes.nl2, { ecc: 'L', border: 4 });
  const narrow = encode(codes.nl2, { ecc: 'M', border: QUIET_ZONE });
  return [
    drawnBefore('NL1 before (unsigned)', codes.nl1),
    drawnBefore('NL2 before (signed)', codes.nl2),
    drawnNow('NL3 now (signed)', codes.nl3),
    drawnBefore('NT1 before (ticket)', codes.nt1),
    drawnNow('NT2 now (ticket)', codes.nt2),
    // The options alone: the digits without the narrower margin, the margin without the digits, less error correction.
    drawnBefore('option: NL3, margin 4', codes.nl3),
    { label: `option: NL2, margin ${QUIET_ZONE}`, text: codes.nl2, modules: narrow.data, version: narrow.version },
    { label: 'option: NL2 at ECC L', text: codes.nl2, modules: atL.data, version: atL.version },
  ];
}

printMachine('no app (Chromium and zxing-wasm only)');
const all = drawings(await signedCodes());
console.log(`zxing-wasm ${ZXING_VERSION} as in the scanner's worker, 1280x720 camera frames (decoded: the centre square), ${DECODES} decodes each; "before" drawn with a margin of 4 modules, "now" as the pass draws it (${QUIET_ZONE}):`);
for (const view of VIEWS) {
  console.log(`  ${view.name} (${view.size} px, light ${view.light}, blur ${view.blur}):`);
  for (const code of all) {
    const { median: ms, found, wrong, decodes } = await decodeTime(code.modules, code.text, view);
    const modulePx = view.size / code.modules.length;
    console.log(
      `    ${code.label.padEnd(23)} ${String(code.text.length).padStart(3)} characters, QR version ${code.version}, ${code.modules.length} modules across (${fmt(modulePx, 2)} px each): median ${fmt(ms, 1)} ms, ${found} of ${decodes} found the code${wrong ? `, ${wrong} read it WRONG` : ''}`,
    );
  }
}

// One code is one picture, and a picture is read every time or never: how far a form reads is how
// many different codes of it are read, near the edge.
const reach = Number(process.env.BENCH_REACH ?? 0);
if (reach > 0) {
  const far = VIEWS[VIEWS.length - 1]!;
  const sizes = [150, 160, 170];
  console.log(`Reach: of ${reach} different codes of each form (new keys, ids and signatures), how many were read (at least 2 of 3 decodes) at the light and blur of "${far.name}", by size:`);
  const samples = await Promise.all(Array.from({ length: reach }, () => signedCodes()));
  const forms = [0, 1, 2, 5].map((index) => drawings(samples[0]!)[index]!.label);
  for (const label of forms) {
    const counts: string[] = [];
    for (const size of sizes) {
      let read = 0;
      for (const sample of samples) {
        const code = drawings(sample).find((each) => each.label === label)!;
        if ((await decodeTime(code.modules, code.text, { ...far, size }, 3)).found >= 2) read++;
      }
      counts.push(`${size} px: ${read} of ${reach}`);
    }
    console.log(`  ${label.padEnd(23)} ${counts.join(', ')}`);
  }
}
