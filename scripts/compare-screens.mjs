// Compares two folders of screens taken by e2e/screens.spec.ts (before and after a change of
// styles): for each picture, the share of pixels that differ, and a picture of the differences
// (changed pixels in magenta over a faded "after") in <after>/diff/ for each one that differs.
//   node scripts/compare-screens.mjs <before> <after>
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error('Usage: node scripts/compare-screens.mjs <before> <after>');
  process.exit(2);
}

/** Every PNG under a folder, by its path inside it. */
function screens(folder) {
  return readdirSync(folder, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.png') && !name.startsWith('diff'));
}

async function pixels(file) {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

let differing = 0;
for (const name of screens(before).sort()) {
  const other = join(after, name);
  if (!existsSync(other)) {
    console.log(`missing   ${name}`);
    differing++;
    continue;
  }
  const [a, b] = await Promise.all([pixels(join(before, name)), pixels(other)]);
  if (a.width !== b.width || a.height !== b.height) {
    console.log(`size      ${name}: ${a.width}x${a.height} before, ${b.width}x${b.height} after`);
    differing++;
    continue;
  }
  const diff = Buffer.alloc(b.data.length);
  let changed = 0;
  for (let i = 0; i < b.data.length; i += 4) {
    const delta = Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]);
    if (delta > 24) {
      changed++;
      diff.set([255, 0, 255, 255], i);
    } else {
      diff.set([b.data[i] / 3, b.data[i + 1] / 3, b.data[i + 2] / 3, 255], i);
    }
  }
  const share = changed / (b.width * b.height);
  if (changed === 0) continue;
  differing++;
  const out = join(after, 'diff', name);
  mkdirSync(join(out, '..'), { recursive: true });
  await sharp(diff, { raw: { width: b.width, height: b.height, channels: 4 } }).png().toFile(out);
  console.log(`differs   ${name}: ${changed} pixels (${(share * 100).toFixed(3)} %), see ${relative(process.cwd(), out)}`);
}
console.log(differing === 0 ? 'Every screen is the same.' : `${differing} screens differ.`);
process.exit(differing === 0 ? 0 : 1);
