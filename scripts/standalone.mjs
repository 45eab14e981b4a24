// Completes the standalone server that `next build` writes to .next/standalone (server.js and the
// modules its code was traced to use): Next leaves out the files a CDN could serve, so this copies
// the static chunks (after compile-hints.mjs has marked them) and public/ beside it. The result
// runs on its own, `node .next/standalone/server.js`, with no node_modules of the repository: it is
// what the Dockerfile's image holds and what the browser tests' second server runs
// (deployment.md). `npm run build` runs it last.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const standalone = join(root, '.next', 'standalone');
if (!existsSync(join(standalone, 'server.js'))) {
  console.error('No standalone server in .next/standalone: run `next build` first (next.config.mjs builds it).');
  process.exit(1);
}
for (const [from, to] of [
  [join(root, '.next', 'static'), join(standalone, '.next', 'static')],
  [join(root, 'public'), join(standalone, 'public')],
]) {
  // A fresh copy: a chunk of an older build left behind would be served as if it were current.
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}
console.log('Standalone server: .next/standalone/server.js, with its static files and public/.');
