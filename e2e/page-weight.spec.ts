// The budget of the light public pages ("Light public pages"): the first-load JavaScript of each,
// in every language, compared with that of a bare Next page built from the same next, react and
// react-dom, so a new feature cannot quietly make them heavy again: at most FIRST_LOAD_BUDGET
// (FIRST_LOAD_CEILING, the figure the guard holds them to, is that budget since decision 027). Measured
// over HTTP as a first visit gets them, without a page (the CSP watch then has none to watch). The
// browser tests after them weigh what /events loads after first load to keep its list live, check
// when links load their page, and check the covers: sized for their slot, the first at once, the
// others when near, no shift.
import { BARE_PAGE_CACHE, buildBarePage, FIRST_LOAD_BUDGET, FIRST_LOAD_CEILING, kB, lightPagePaths, LIVE_PROGRAMME_BUDGET, measure, weighScripts, type BarePageWeight } from '../src/server/testing/page-weight';
import { LOCALE_COOKIE_NAME } from '../src/i18n/routing';
import { RENDITION_WIDTHS } from '../src/features/images/renditions';
import { expect, test, type Page } from './support/test';
import { firstVisitTransfer } from './support/installed-app';
import { MESSAGES } from './support/i18n';

// A published demo event's page (src/app/_server/demo/demo-events.ts), there from the first start.
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
    // Every script it starts with is compiled while it downloads, not when first called on the
    // main thread (the build's last step, scripts/compile-hints.mjs; decision 037).
    expect(
      page.scripts.filter((script) => !script.compileHint).map((script) => new URL(script.url).pathname),
      `scripts ${path} loads at first without the compile hint: was the build's last step (node scripts/compile-hints.mjs) left out?`,
    ).toEqual([]);
  });
}

// A first visit on a phone, the service worker installing as it does for every visitor: it keeps
// what the page loaded and two icons, and pushes nothing else (the admin's, the scanner's code, the
// decoder) to everyone (decision 040). Budget: FIRST_VISIT_WORKER_BUDGET times the same visit
// without a worker.
const FIRST_VISIT_WORKER_BUDGET = 1.5;
for (const path of ['/', '/events', EVENT_PATH]) {
  test(`a first visit to ${path} on a phone transfers at most ${FIRST_VISIT_WORKER_BUDGET}× with the service worker what it does without`, async ({ browser, baseURL }) => {
    const without = await firstVisitTransfer(browser, baseURL!, path, 'block');
    const withWorker = await firstVisitTransfer(browser, baseURL!, path, 'allow');
    const ratio = withWorker.bytes / without.bytes;
    const figures = `${path}: first visit ${kB(without.bytes)} kB in ${without.requests} responses without the worker, ${kB(withWorker.bytes)} kB in ${withWorker.requests} with it (${ratio.toFixed(2)}×)`;
    test.info().annotations.push({ type: 'first-visit transfer', description: figures });
    console.log(figures);
    expect(withWorker.bytes, figures).toBeLessThanOrEqual(without.bytes * FIRST_VISIT_WORKER_BUDGET);
  });
}

// After first load, the programme connects its live list: with the browser's EventSource and a
// small reader, not the tRPC client (and nothing that pulls in the schema library).
test(`the live programme loads at most ${kB(LIVE_PROGRAMME_BUDGET)} kB more JavaScript to connect`, async ({ page, baseURL }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const connected = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/live');
  await page.goto('/events');
  await connected;
  const firstLoad = new Set((await measure(baseURL!, '/events')).scripts.map((script) => script.url));
  const later = await weighScripts(scripts.filter((url) => !firstLoad.has(url)));
  const listing = later.scripts.map((script) => `  ${kB(script.gzip).padStart(6)} kB  ${new URL(script.url).pathname}`).join('\n');
  test.info().annotations.push({ type: 'loaded to connect', description: `${kB(later.gzip)} kB gzip in ${later.scripts.length} scripts` });
  expect(later.gzip, `/events loaded ${kB(later.gzip)} kB (gzip) after first load to connect its live list:\n${listing}`).toBeLessThanOrEqual(LIVE_PROGRAMME_BUDGET);
});

// The page carries a fingerprint of the programme it shows, not the list: once the live list
// arrives and matches it, the server's cards stay (no cards' code loaded, nothing redrawn), and the
// page's data holds no copy of the events.
test('the live programme keeps the server’s cards while the live list matches them', async ({ page }) => {
  const response = await page.request.get('/events');
  const html = await response.text();
  expect(html, 'the page renders the cards').toContain('<article');
  expect(html, 'no copy of the events in the page’s data (it carries their fingerprint)').not.toMatch(/\\"updatedAt\\"/);

  const connected = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/live');
  await page.goto('/events');
  await page.getByRole('article').first().evaluate((card) => card.setAttribute('data-from-server', ''));
  await connected;
  const later: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') later.push(new URL(request.url()).pathname);
  });
  // The live list's first delivery follows the connection at once on this machine.
  await page.waitForTimeout(2_000);
  expect(later, 'scripts loaded after the live list connected').toEqual([]);
  await expect(page.getByRole('article').first()).toHaveAttribute('data-from-server', '');
  // The programme's announcement of changes, the first status in the page's main part.
  await expect(page.getByRole('main').getByRole('status').first()).toHaveText('');
});

// Links load their page on intent, not on sight (decision 032): the programme asks for no other
// page's data while a visitor reads it; pointing at the language switch or an event starts that
// page's load, the click still opens it, and the header's switch then leads to the new page.
test('links load their page when a visitor reaches for one, not when it scrolls into view', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.headers()['rsc'] === '1' || url.searchParams.has('_rsc')) asked.push(url.pathname);
  });
  const connected = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/live');
  await page.goto('/events');
  await connected;
  const card = page.getByRole('article').first().getByRole('link');
  await expect(card).toBeVisible();
  // The page is hydrated and idle (its live list connected): Next would have prefetched by now.
  await page.waitForTimeout(1_500);
  expect(asked, 'RSC requests made before any link was reached for').toEqual([]);

  // The language switch too (its link carries the page's query): pointing at it loads the page in
  // the other language.
  const other = page.waitForRequest((request) => new URL(request.url()).pathname === '/de/events' && request.headers()['rsc'] === '1');
  await page.getByTestId('language-switch').first().hover();
  await other;
  // Only loaded: the visitor's language is still theirs (no cookie says German now).
  expect((await page.context().cookies()).find((cookie) => cookie.name === LOCALE_COOKIE_NAME)?.value).not.toBe('de');

  const target = (await card.getAttribute('href'))!;
  const loaded = page.waitForRequest((request) => new URL(request.url()).pathname === target && request.headers()['rsc'] === '1');
  await card.hover();
  await loaded;
  await card.click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(target);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The header stayed mounted; its switch now points at this event in German, and loads that.
  const otherEvent = page.waitForRequest((request) => new URL(request.url()).pathname === `/de${target}` && request.headers()['rsc'] === '1');
  await page.getByTestId('language-switch').first().hover();
  await otherEvent;
});

// The covers of the public pages, on the phone Lighthouse's mobile preset stands for: each one in
// the smallest rendition that fills its slot (its `sizes` says how wide the slot is), the first
// one asked for at once and with priority, the others only when scrolled near, and nothing moving
// when they arrive (their width and height reserve the space).
test.describe('covers on a phone', () => {
  const DEVICE_PIXELS = 1.75;
  // The screen too: the browser's look-ahead reads `width=device-width` from the screen, so a
  // phone's viewport on a desktop's screen (the project's default device) asks for a desktop's
  // rendition before the page's layout asks for the phone's.
  test.use({ viewport: { width: 412, height: 823 }, screen: { width: 412, height: 823 }, deviceScaleFactor: DEVICE_PIXELS, isMobile: true, hasTouch: true });

  for (const path of ['/', '/events', EVENT_PATH]) {
    test(`${path}: covers come in the size of their slot, the first at once, without a layout shift`, async ({ page }) => {
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { __shifts: number[] }).__shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // Every rendition asked for, by picture: a phone should never fetch one it does not show.
      const asked = new Map<string, Set<number>>();
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (!url.pathname.startsWith('/api/images/')) return;
        asked.set(url.pathname, (asked.get(url.pathname) ?? new Set()).add(Number(url.searchParams.get('w'))));
      });
      await page.goto(path);
      const covers = page.locator('main img[srcset]');
      await expect(covers.first()).toBeVisible();
      const attributes = await covers.evaluateAll((images) =>
        images.map((image) => ({
          loading: image.getAttribute('loading'),
          priority: image.getAttribute('fetchpriority'),
          sizes: image.getAttribute('sizes'),
          width: image.getAttribute('width'),
          height: image.getAttribute('height'),
        })),
      );
      expect(attributes[0], 'the first cover').toMatchObject({ loading: 'eager', priority: 'high' });
      for (const [index, image] of attributes.slice(1).entries()) {
        expect(image, `cover ${index + 2} of ${attributes.length}`).toMatchObject({ loading: 'lazy', priority: null });
      }
      for (const image of attributes) {
        expect(image.sizes, 'every cover says how wide its slot is').toBeTruthy();
        expect(Number(image.width) * Number(image.height), 'every cover reserves its space').toBeGreaterThan(0);
      }
      // The first cover is asked for from the document's head, before the stylesheet.
      await expect(page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]')).toHaveCount(1);

      // Scrolled to the end, every cover arrives, each in the rendition its slot needs.
      for (const cover of await covers.all()) {
        await cover.scrollIntoViewIfNeeded();
        await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
        const { slot, chosen } = await cover.evaluate((image: HTMLImageElement) => ({
          slot: image.getBoundingClientRect().width,
          chosen: Number(new URL(image.currentSrc).searchParams.get('w')),
        }));
        const needed = RENDITION_WIDTHS.find((width) => width >= slot * DEVICE_PIXELS) ?? RENDITION_WIDTHS.at(-1)!;
        expect(chosen, `a ${Math.round(slot)} px slot at ${DEVICE_PIXELS} device pixels needs the ${needed} rendition`).toBe(needed);
        const picture = new URL(await cover.evaluate((image: HTMLImageElement) => image.currentSrc)).pathname;
        expect([...(asked.get(picture) ?? [])], `renditions of ${picture} asked for`).toEqual([needed]);
      }
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
      expect(shifts, 'layout shifts while the covers loaded').toEqual([]);
    });
  }
});

// Hydration renders a public page once. A component whose first client render differs from the
// server's (a clock read in the browser, say) makes React render it again at once, synchronously,
// in the task that runs the effects: main-thread time a phone pays before it responds (15–30 ms on
// /events, four times that on Lighthouse's phone). A stand-in for React's developer-tools hook
// (production React reports every commit to it) walks the committed tree after each commit and
// notes each element's props as committed: an element rendered again gets new ones. The committed
// fibers, not the props React keeps on the element: those are set while rendering, so a render
// that React set aside and began again (hydration yields to the browser under load, and restarts
// when streamed data arrives) would look like a second render although only one was committed.
// The API is held back so no answer (a live list, the version check) gives a reason to render again.
interface Commits {
  commits: number;
  watched: number;
  rendered: string[];
}

/** Notes, from the page's first script on, each element React commits again with new props. */
async function watchCommits(page: Page): Promise<void> {
  await page.addInitScript(() => {
    /** What this test reads of React's fibers: a host element's, its props as committed, and the tree's links. */
    interface Fiber {
      tag: number;
      stateNode: unknown;
      memoizedProps: unknown;
      child: Fiber | null;
      sibling: Fiber | null;
    }
    const HOST_COMPONENT = 5;
    // Each element's props as first committed, and the elements committed again since.
    const hydrated = new Map<Element, unknown>();
    const again = new Set<Element>();
    const state = { commits: 0, watched: 0, rendered: [] as string[] };
    (window as unknown as { __hydration: typeof state }).__hydration = state;
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => {
        state.commits++;
        const stack: Fiber[] = [root.current];
        while (stack.length) {
          const fiber = stack.pop()!;
          if (fiber.sibling) stack.push(fiber.sibling);
          if (fiber.child) stack.push(fiber.child);
          const element = fiber.stateNode;
          if (fiber.tag !== HOST_COMPONENT || !(element instanceof Element) || !document.body.contains(element) || element === document.body) continue;
          const props = fiber.memoizedProps;
          if (!hydrated.has(element)) {
            hydrated.set(element, props);
            state.watched++;
          } else if (hydrated.get(element) !== props && !again.has(element)) {
            again.add(element);
            state.rendered.push(`<${element.localName}${element.className ? ` class="${element.className}"` : ''}>`);
          }
        }
      },
    };
  });
}

async function readCommits(page: Page): Promise<Commits> {
  return page.evaluate(() => (window as unknown as { __hydration: Commits }).__hydration);
}

test.describe('hydration', () => {
  // The watch can see a second render: opening the phone's menu renders its button again
  // (aria-expanded), which the watch must report.
  test('the watch reports an element React renders again', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await watchCommits(page);
    await page.goto('/');
    await page.waitForLoadState('load');
    await page.getByRole('button', { name: MESSAGES.en.Nav.openMenu }).click();
    await expect.poll(async () => (await readCommits(page)).rendered.join(' ')).toContain('<button');
  });

  // The pages' components are the same in both languages: German is checked on the programme.
  for (const path of lightPagePaths(EVENT_PATH).filter((path) => !path.startsWith('/de') || path === '/de/events')) {
    test(`${path} is rendered once by hydration, not again before anything changes`, async ({ page }) => {
      await page.route('**/api/trpc/**', () => undefined);
      await page.route('**/api/live?**', () => undefined);
      await watchCommits(page);
      await page.goto(path);
      await page.waitForLoadState('load');
      // Past the idle callbacks that start the page's live parts (up to 2 s after load).
      await page.waitForTimeout(3_000);
      const { commits, watched, rendered } = await readCommits(page);
      expect(commits, 'React committed the hydrated page').toBeGreaterThan(0);
      // The walk found the page's elements (else this test would watch nothing).
      expect(watched, 'elements found in the committed tree').toBeGreaterThan(20);
      expect(rendered, 'elements React rendered again after hydration').toEqual([]);
    });
  }
});
