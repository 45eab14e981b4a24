// Run by `npm run test:e2e` before Playwright: finds the browser the tests drive (CHROMIUM_PATH,
// Debian's Chromium, Playwright's own) and xmllint (the sitemap tests), and installs what is
// missing: Debian's `chromium` and `libxml2-utils` where this runs as root with apt (as CI does),
// else Playwright's Chromium (`npx playwright install chromium`, which needs the internet). Says in
// one line what it found or did; fails with what to do when it cannot.
import { execFileSync, spawnSync } from 'node:child_process';
import { DEBIAN_CHROMIUM, findChromium } from '../e2e/support/browser-path';

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const isRoot = process.getuid?.() === 0;
const canApt = isRoot && has('apt-get');

const missing: string[] = [];
if (!findChromium()) missing.push('chromium');
if (!has('xmllint')) missing.push('libxml2-utils');

if (!missing.length) {
  console.log(`Browser tests: Chromium at ${findChromium()}, xmllint found.`);
  process.exit(0);
}
if (process.env.CHROMIUM_PATH && missing.includes('chromium')) {
  console.error(`CHROMIUM_PATH names ${process.env.CHROMIUM_PATH}, which does not exist: point it at a Chromium, or unset it.`);
  process.exit(1);
}
if (canApt) {
  console.log(`Browser tests: installing ${missing.join(' and ')} from Debian (apt-get), as root.`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
} else {
  if (missing.includes('chromium')) {
    console.log("Browser tests: no Chromium here; installing Playwright's own (npx playwright install chromium).");
    execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
  }
  if (missing.includes('libxml2-utils')) {
    console.error('The sitemap tests need xmllint, which only a package manager installs: run `apt-get install libxml2-utils` (or your system\'s libxml2 tools) and try again.');
    process.exit(1);
  }
}
const found = findChromium();
if (!found) {
  console.error(`Still no Chromium: install one (apt-get install chromium, or npx playwright install chromium) or set CHROMIUM_PATH. Debian's would be at ${DEBIAN_CHROMIUM}.`);
  process.exit(1);
}
console.log(`Browser tests: Chromium at ${found}.`);
