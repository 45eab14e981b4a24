// Screens to compare before and after a change of styles (issue 37 moved most of globals.css into
// CSS Modules): every screen of every role, on a phone and a desktop, saved as PNGs into
// SCREENS_DIR. `node scripts/compare-screens.mjs <before> <after>` then tells which differ and
// writes a picture of the differences. Skipped unless SCREENS_DIR is set: it checks nothing by
// itself, and its value is the comparison of two runs on the same data.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from './support/test';
import { demoAccount, serverSession, type IdentityName } from './support/accounts';

const SCREENS_DIR = process.env.SCREENS_DIR;
test.skip(!SCREENS_DIR, 'Takes screens for scripts/compare-screens.mjs only when SCREENS_DIR is set.');

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

const SCREENS: { who: IdentityName; paths: string[] }[] = [
  { who: 'none', paths: ['/', '/events', '/events/harbour-lights', '/about', '/impressum', '/login', '/de', '/de/events', '/no-such-page', '/vip'] },
  { who: 'user', paths: ['/vip', '/vip/qr', '/vip/bar', '/vip/lounge', '/vip/profile', '/de/vip/profile', '/admin'] },
  { who: 'scanner', paths: ['/scanner', '/vip/profile'] },
  {
    who: 'admin',
    paths: ['/admin', '/admin/events', '/admin/images', '/admin/users', '/admin/users/demo-member', '/admin/subscriptions', '/admin/notifications', '/de/admin/events'],
  },
];

for (const viewport of VIEWPORTS) {
  for (const { who, paths } of SCREENS) {
    test(`${viewport.name}, ${who}: screens`, async ({ browser, baseURL }) => {
      test.setTimeout(180_000);
      // Blocked: the screens are the pages as served, not an offline shell the worker kept.
      const context = await browser.newContext({ viewport, serviceWorkers: 'block', reducedMotion: 'reduce' });
      if (who !== 'none') {
        const account = demoAccount(who);
        await serverSession(context, baseURL!, account.email, account.password);
      }
      const page = await context.newPage();
      const folder = join(SCREENS_DIR!, viewport.name);
      mkdirSync(folder, { recursive: true });
      for (const path of paths) {
        await page.goto(path);
        await page.waitForLoadState('networkidle').catch(() => undefined);
        // Pictures load as they come into view: scroll through once and wait for each, so two runs
        // differ only where the styles do.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
            window.scrollTo(0, y);
            await new Promise((done) => setTimeout(done, 60));
          }
          window.scrollTo(0, 0);
          await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
        });
        // A person reads: a moment for fonts and the first live answer.
        await page.waitForTimeout(800);
        const name = `${who}${path.replaceAll('/', '_') || '_'}.png`;
        await page.screenshot({
          path: join(folder, name),
          fullPage: true,
          animations: 'disabled',
          caret: 'hide',
          // What changes by itself from one run to the next: the pass's rotating code, the camera.
          mask: [page.locator('canvas, video, svg[shape-rendering="crispEdges"]')],
        });
      }
      await context.close();
    });
  }
}
