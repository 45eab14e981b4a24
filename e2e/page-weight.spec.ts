// The budget of the light public pages ("Light public pages"): the first-load JavaScript of each,
// in every language, compared with that of a bare Next page built from the same next, react and
// react-dom, so a new feature cannot quietly make them heavy again: at most FIRST_LOAD_BUDGET
// (FIRST_LOAD_CEILING, the figure the guard holds them to, is that budget since decision 027). Measured
// over HTTP as a first visit gets them; no browser needed, so Playwright's plain `test` (the CSP
// watch of ./support/test has no page to watch here).
import { expect, test } from '@playwright/test';
import { BARE_PAGE_CACHE, buildBarePage, FIRST_LOAD_BUDGET, FIRST_LOAD_CEILING, kB, lightPagePaths, measure, type BarePageWeight } from '../src/server/testing/page-weight';

// A published demo event's page (src/server/demo/demo-events.ts), there from the first start.
const EVENT_PATH = '/events/members-open-house';

// In one worker and in order: the bare page is built (or read from its cache) in beforeAll, once
// per worker, and one failing page must not skip the others.
test.describe.configure({ mode: 'default' });

let bare: BarePageWeight;

test.beforeAll(async () => {
  // Built once per machine and versions (5 to 15 s here), then read from BARE_PAGE_CACHE.
  test.setTimeout(300_000);
  bare = await buildBarePage(BARE_PAGE_CACHE);
  // Said once, when it is built: a failing test restarts its worker, which reads the cache again.
  if (!bare.cached) {
    const { next, react } = bare.versions;
    console.log(
      `Bare Next page (next ${next}, react ${react}, built in ${bare.buildSeconds} s): ${bare.scripts.length} scripts, ` +
        `${kB(bare.raw)} kB raw, ${kB(bare.gzip)} kB gzip; budget ${FIRST_LOAD_BUDGET}× = ${kB(bare.gzip * FIRST_LOAD_BUDGET)} kB gzip`,
    );
  }
});

for (const path of lightPagePaths(EVENT_PATH)) {
  test(`${path} loads at most ${FIRST_LOAD_CEILING}× a bare Next page's first-load JavaScript`, async ({ baseURL }) => {
    const page = await measure(baseURL!, path);
    const ratio = page.gzip / bare.gzip;
    const figures = `${path}: ${page.scripts.length} scripts, ${kB(page.raw)} kB raw, ${kB(page.gzip)} kB gzip = ${ratio.toFixed(2)}× the bare page's ${kB(bare.gzip)} kB`;
    test.info().annotations.push({ type: 'first-load JS', description: figures });
    console.log(figures);
    expect(
      page.gzip,
      `${path} loads ${kB(page.gzip)} kB of JavaScript (gzip) at first load, ${ratio.toFixed(2)}× the bare Next page's ${kB(bare.gzip)} kB; ` +
        `it may load at most ${FIRST_LOAD_CEILING}× (${kB(bare.gzip * FIRST_LOAD_CEILING)} kB): load what only some visitors need on demand (see decision 027). Its scripts (gzip):\n` +
        page.scripts.map((script) => `  ${kB(script.gzip).padStart(6)} kB  ${new URL(script.url).pathname}`).join('\n'),
    ).toBeLessThanOrEqual(bare.gzip * FIRST_LOAD_CEILING);
  });
}
