// Live pages never starve the browser (decision 041). A browser opens at most six connections to a
// host over HTTP/1.1, for all its tabs; people keep many tabs of the app open, read them for a
// while, and sit behind a venue's one public address. Here: a member with ten live tabs opens an
// eleventh and it loads at once, while one connection carries every tab's feeds and results reach
// the tabs that do not hold it; an admin's dashboard with ten doors open tonight leaves links and
// changes working; 300 members behind one address all get their live data; and a closed tab's
// stream leaves the server within seconds.
import { randomUUID } from 'node:crypto';
import { expect, test, type BrowserContext, type Page, type Response } from './support/test';
import { demoAccount, serverSession, signInThroughForm } from './support/accounts';
import { newMember, OPEN_EVENT, openEvent } from './support/door';
import { signUp, uniqueEmail } from './support/emulator';
import { MESSAGES } from './support/i18n';
import { phone, readingPause, untilControlled } from './support/installed-app';
import { MAX_STREAMS_PER_ACCOUNT } from '../src/server/live/stream-limits';

const en = MESSAGES.en;

/** The app's live connections a context holds open now: requests to /api/live not yet ended. */
function watchLiveConnections(context: BrowserContext) {
  const open = new Set<object>();
  const isLive = (url: string) => new URL(url).pathname === '/api/live';
  context.on('request', (request) => isLive(request.url()) && open.add(request));
  context.on('requestfinished', (request) => open.delete(request));
  context.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

/** Every answer to /api/live in a context, from now: whether a page's or the worker's own. */
function collectLiveResponses(context: BrowserContext): Response[] {
  const responses: Response[] = [];
  context.on('response', (response) => new URL(response.url()).pathname === '/api/live' && responses.push(response));
  return responses;
}

/** The time from the start of the page's navigation to its `load` event, in ms. */
async function loadTime(page: Page): Promise<number> {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return navigation!.loadEventEnd - navigation!.startTime;
  });
}

/**
 * Whether a stream's text carries a result of the feed it named `key`: the server says which of
 * its feeds the key is (`{ key, shared }`), then writes the feed's results by that id (issue 48).
 */
function carries(text: string, key: string): boolean {
  const id = new RegExp(`"key":${JSON.stringify(key)},"shared":("[^"]+")`).exec(text)?.[1];
  return id !== undefined && text.includes(`{"json":{"shared":${id},"data":`);
}

/** Opens one live stream as the browser does, with the cookies of `context`, from a chosen address. */
async function rawStream(baseURL: string, cookie: string, feeds: { key: string; feed: string; input?: object }[], address: string) {
  const controller = new AbortController();
  const input = encodeURIComponent(JSON.stringify({ json: { feeds } }));
  const response = await fetch(`${baseURL}/api/live?input=${input}`, { headers: { cookie, 'x-forwarded-for': address, accept: 'text/event-stream' }, signal: controller.signal });
  let text = '';
  const reader = response.ok ? response.body!.getReader() : undefined;
  const decoder = new TextDecoder();
  const reading = (async () => {
    for (;;) {
      const chunk = await reader?.read().catch(() => undefined);
      if (!chunk || chunk.done) return;
      text += decoder.decode(chunk.value, { stream: true });
    }
  })();
  return {
    status: response.status,
    text: () => text,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

async function cookieHeader(context: BrowserContext): Promise<string> {
  return (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

test('a member with ten live tabs open opens an eleventh, which loads at once; one connection carries every tab’s feeds', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const member = await newMember(browser, baseURL!, 'tabs');
  const context = await browser.newContext({ ...phone('android'), baseURL });
  const liveConnections = watchLiveConnections(context);
  const liveResponses = collectLiveResponses(context);
  const first = await context.newPage();
  await signInThroughForm(first, 'en', member.email, member.password, '/vip/qr');
  await untilControlled(first);
  await expect(first.getByRole('img', { name: en.Pass.codeLabel })).toBeVisible();

  // Nine more, as a person opens them over an evening, each read a moment before the next.
  const pages = [first];
  for (const path of ['/vip', '/vip/bar', '/events', '/vip/lounge', '/vip/qr', '/events', '/vip', '/vip/bar', '/de/events']) {
    const page = await context.newPage();
    await page.goto(path);
    await readingPause(page, 500);
    pages.push(page);
  }
  await readingPause(first);
  expect(liveConnections(), 'live connections open for ten tabs').toBeLessThanOrEqual(1);

  const eleventh = await context.newPage();
  await eleventh.goto('/vip/qr');
  const loaded = await loadTime(eleventh);
  // A figure, not a limit: a busy two-core machine cannot promise a time (issue 48). What holds
  // the tab up is checked above and below: one connection, the worker leaving the stream alone.
  test.info().annotations.push({ type: 'eleventh tab', description: `load event after ${Math.round(loaded)} ms` });
  console.log(`The eleventh tab's load event came after ${Math.round(loaded)} ms.`);
  // The worker leaves streams to the network: it never holds one a page has left. Every stream
  // the eleven tabs opened (whichever tab holds the connection) came from the network, none
  // through the worker and none fetched by it.
  expect(liveResponses.length, 'the tabs opened a live stream').toBeGreaterThan(0);
  for (const response of liveResponses) {
    expect(response.fromServiceWorker(), 'a stream answered by the service worker').toBe(false);
    expect(response.request().serviceWorker(), 'a stream fetched by the service worker').toBeNull();
  }

  // A change reaches the tabs, whichever of them holds the connection.
  const door = await browser.newContext({ baseURL });
  const scanner = demoAccount('scanner');
  await serverSession(door, baseURL!, scanner.email, scanner.password);
  const admitted = await door.request.post('/api/trpc/door.admit', {
    headers: { 'content-type': 'application/json', origin: baseURL! },
    data: { json: { eventId: OPEN_EVENT, uid: member.uid, nonce: randomUUID().replaceAll('-', ''), device: 'Live tabs test' } },
  });
  expect(admitted.status(), await admitted.text()).toBe(200);
  // (The tab opened at /de/events made German the browser's language for the tabs opened after it.)
  for (const page of [eleventh, pages[0]!, pages[5]!]) await expect(page.getByText(/(Checked in at|Eingecheckt um) \d\d:\d\d/)).toBeVisible();
  await expect(pages[2]!.getByText(en.Bar.hint)).toBeVisible();
  expect(liveConnections()).toBeLessThanOrEqual(1);
  await door.close();
  await context.close();
});

test('an admin reads the dashboard with ten doors open tonight, follows a link, and a change goes through', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const admin = demoAccount('admin');
  const setup = await browser.newContext({ baseURL });
  await serverSession(setup, baseURL!, admin.email, admin.password);
  const stamp = Date.now().toString(36);
  const events = [];
  for (let i = 1; i <= 10; i++) events.push(await openEvent(setup.request, baseURL!, `Door ${i} tonight ${stamp}`));

  try {
    const context = await browser.newContext({ baseURL });
    const liveConnections = watchLiveConnections(context);
    const page = await context.newPage();
    await signInThroughForm(page, 'en', admin.email, admin.password, '/admin');
    await untilControlled(page);
    const doors = page.getByRole('region', { name: new RegExp(stamp) });
    await expect(doors).toHaveCount(10);
    // Every door's figures arrive live.
    await expect(doors.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByRole('region', { name: new RegExp(`^${MESSAGES.en.AdminDoor.tonightHeading.replace('{event}', '')}`) }).and(page.locator('[aria-busy="true"]'))).toHaveCount(0);
    await readingPause(page, 4_000);
    expect(liveConnections(), 'live connections open for the dashboard').toBeLessThanOrEqual(1);

    await page.locator('main a[href="/admin/events"]').first().click();
    await page.waitForURL((url) => url.pathname === '/admin/events', { timeout: 5_000 });
    await page.getByRole('link', { name: `Door 1 tonight ${stamp}`, exact: true }).click();
    await page.getByRole('button', { name: en.AdminEvents.actions.unpublish }).click();
    await expect(page.getByText(en.AdminEvents.done.unpublish)).toBeVisible({ timeout: 5_000 });
    await context.close();
  } finally {
    for (const event of events) await event.unpublish();
    await setup.close();
  }
});

test('300 members behind one address each hold a live stream and get their own data', async ({ baseURL }) => {
  test.setTimeout(180_000);
  const VENUE_WIFI = '198.51.100.77';
  // Signed in earlier, each on their own phone (sessions are made from several addresses, as the
  // sign-in rate limit is per address; the streams below all come from the venue's one). Signed up
  // twenty at a time, as people arrive: 300 sign-ups in the same millisecond made the Auth
  // emulator reset connections one run in a few, which is not what this test is about.
  const members: { uid: string; idToken: string; address: string }[] = [];
  for (let start = 0; start < 300; start += 20) {
    members.push(
      ...(await Promise.all(
        Array.from({ length: 20 }, async (_, offset) => {
          const i = start + offset;
          const { idToken, localId } = await signUp(uniqueEmail(`crowd${i}`));
          return { uid: localId, idToken, address: `192.0.2.${(i % 10) + 1}` };
        }),
      )),
    );
  }
  const cookies: string[] = [];
  for (const member of members) {
    const response = await fetch(`${baseURL}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL!, 'x-forwarded-for': member.address },
      body: JSON.stringify({ idToken: member.idToken }),
    });
    expect(response.status, await response.text()).toBe(200);
    cookies.push(response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; '));
  }

  const feeds = [
    { key: 'inbox', feed: 'inbox.live' },
    { key: 'programme', feed: 'events.live' },
  ];
  const streams = await Promise.all(cookies.map((cookie) => rawStream(baseURL!, cookie, feeds, VENUE_WIFI)));
  try {
    expect(streams.map((stream) => stream.status)).toEqual(Array(300).fill(200));
    await expect
      .poll(() => streams.filter((stream, i) => stream.text().includes(`{"viewer":"${members[i]!.uid}"}`) && carries(stream.text(), 'inbox') && carries(stream.text(), 'programme')).length, {
        timeout: 60_000,
      })
      .toBe(300);
  } finally {
    await Promise.all(streams.map((stream) => stream.close()));
  }
});

test('a closed tab’s stream is released on the server within seconds', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('closing');
  await signUp(email);
  const context = await browser.newContext({ ...phone('android'), baseURL });
  const page = await context.newPage();
  await signInThroughForm(page, 'en', email, 'correct-horse-7', '/');
  await page.goto('/events');
  await expect(page.getByRole('article').first()).toBeVisible();
  // The programme's live list connected: the tab holds the account's one stream.
  await readingPause(page);
  const cookie = await cookieHeader(context);
  const others = [];
  for (let i = 1; i < MAX_STREAMS_PER_ACCOUNT; i++) others.push(await rawStream(baseURL!, cookie, [{ key: 'inbox', feed: 'inbox.live' }], '203.0.113.90'));
  try {
    expect(others.map((stream) => stream.status)).toEqual(Array(MAX_STREAMS_PER_ACCOUNT - 1).fill(200));
    const refused = await rawStream(baseURL!, cookie, [{ key: 'inbox', feed: 'inbox.live' }], '203.0.113.90');
    expect(refused.status, 'one stream more than an account may hold').toBe(429);

    await page.close();
    const closedAt = Date.now();
    await expect
      .poll(
        async () => {
          const again = await rawStream(baseURL!, cookie, [{ key: 'inbox', feed: 'inbox.live' }], '203.0.113.90');
          if (again.status === 200) others.push(again);
          return again.status;
        },
        { timeout: 10_000, intervals: [250] },
      )
      .toBe(200);
    test.info().annotations.push({ type: 'released after', description: `${Date.now() - closedAt} ms` });
  } finally {
    await Promise.all(others.map((stream) => stream.close()));
    await context.close();
  }
});
