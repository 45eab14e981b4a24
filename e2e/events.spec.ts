// Events from the admin's form to the public site, against the embedded backend: an event made
// in both languages with a cover uploaded in place, published, and seen live on /events, on
// /de/events, on its page (schema.org data, preview tags, calendar file) and in both sitemaps;
// a changed slug redirecting; a cancellation noticed; a taken slug and a cover in use refused.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { demoAccount, signInThroughForm } from './support/accounts';
import { MESSAGES, localized, type TestLocale } from './support/i18n';
import { sitemapPaths, validateSitemap } from './support/sitemap';

const en = MESSAGES.en;
const folder = mkdtempSync(join(tmpdir(), 'events-e2e-'));

/** A unique word per test and retry: the data of the run is shared. */
function stamp(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/** The editor's state: the badge beside its heading. */
function statusBadge(page: Page) {
  return page.locator('h2 + .badge');
}

async function coverFile(name: string): Promise<string> {
  const file = join(folder, name);
  await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2d5bff' } }).jpeg().toFile(file);
  return file;
}

/** A date some days from now, as the admin form's datetime-local value (21:00 at the venue). */
function inDays(days: number, time = '21:00'): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.toISOString().slice(0, 10)}T${time}`;
}

async function adminOn(page: Page, path = '/admin/events', locale: TestLocale = 'en') {
  const admin = demoAccount('admin');
  await signInThroughForm(page, locale, admin.email, admin.password, path);
}

/** A tRPC mutation as the signed-in admin of this page. */
async function trpc<T>(request: APIRequestContext, baseURL: string, path: string, input: unknown): Promise<T> {
  const response = await request.post(`/api/trpc/${path}`, { data: { json: input }, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

/** An event made through the API (for tests about something else than the form). */
async function apiEvent(page: Page, baseURL: string, title: string, publish: boolean) {
  const saved = await trpc<{ id: string; slug: string }>(page.request, baseURL, 'events.create', {
    slug: '',
    title: { en: title, de: `${title} (de)` },
    summary: { en: 'A test night.', de: 'Ein Testabend.' },
    description: { en: '', de: '' },
    doorsAt: inDays(20, '20:00'),
    startsAt: inDays(20),
    endsAt: inDays(20, '23:30'),
    venue: { name: 'Nordlicht', address: 'Kaistraße 7, 12345 Musterstadt' },
    capacity: 100,
    drinkAllowance: 1,
    coverImageId: null,
  });
  if (publish) await trpc(page.request, baseURL, 'events.changeStatus', { id: saved.id, action: 'publish' });
  return saved;
}

test('an admin creates an event in both languages with a cover uploaded in place, publishes it, and it is live everywhere', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const word = stamp();
  const title = { en: `Lantern Night ${word}`, de: `Laternennacht ${word}` };
  const m = en.AdminEvents;

  // A visitor has the programme open in another browser.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/events');
  await expect(visitor.getByRole('heading', { level: 2, name: en.Events.upcomingHeading })).toBeVisible();
  await expect(visitor.getByRole('link', { name: title.en })).toHaveCount(0);

  await adminOn(page);
  await page.getByRole('link', { name: m.create }).click();
  await expect(page.getByRole('heading', { name: m.newHeading })).toBeVisible();
  for (const [language, name] of [['en', m.languages.en], ['de', m.languages.de]] as const) {
    await page.getByLabel(fill(m.fields.title, { language: name })).fill(title[language]);
    await page.getByLabel(fill(m.fields.summary, { language: name })).fill(language === 'en' ? 'Lanterns on the water.' : 'Laternen auf dem Wasser.');
    await page
      .getByLabel(fill(m.fields.description, { language: name }))
      .fill(language === 'en' ? 'Bring a **lantern**.\n\n- music\n- food' : 'Bringt eine **Laterne** mit.\n\n- Musik\n- Essen');
  }
  // The formatting can be checked before saving.
  const preview = page.locator('details', { hasText: m.preview }).first();
  await preview.getByText(m.preview).click();
  await expect(preview.locator('strong').first()).toHaveText('lantern');
  await page.getByLabel(m.fields.startsAt).fill(inDays(10));
  // Doors and end are filled in from the start.
  await expect(page.getByLabel(m.fields.doorsAt)).toHaveValue(inDays(10, '20:00'));

  await page.getByRole('button', { name: m.cover.choose }).click();
  const dialog = page.getByRole('dialog', { name: m.cover.title });
  await dialog.locator('input[type=file]').setInputFiles(await coverFile(`lantern-${word}.jpg`));
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('group', { name: m.groups.cover }).getByRole('img')).toBeVisible();

  await page.getByRole('button', { name: m.createDraft }).click();
  await expect(page.getByText(m.created)).toBeVisible();
  await expect(statusBadge(page)).toHaveText(/Draft/);
  // A draft is nobody's business but the admins'.
  const slug = `lantern-night-${word}`;
  expect((await visitor.request.get(`/events/${slug}`)).status()).toBe(404);

  await page.getByRole('button', { name: m.actions.publish }).click();
  await expect(statusBadge(page)).toHaveText(/Published/);
  // Said in words, and the focus lands on the message (the button pressed is gone).
  await expect(page.getByRole('status').filter({ hasText: m.done.publish })).toBeFocused();

  // The visitor's open list shows it without a reload.
  await expect(visitor.getByRole('link', { name: title.en })).toBeVisible({ timeout: 15_000 });

  for (const locale of ['en', 'de'] as const) {
    await visitor.goto(localized(locale, '/events'));
    await visitor.getByRole('link', { name: title[locale] }).click();
    await expect(visitor).toHaveURL(new RegExp(`${localized(locale, `/events/${slug}`)}$`));
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title[locale]);
    await expect(visitor.locator('.prose strong')).toHaveText(locale === 'en' ? 'lantern' : 'Laterne');

    // schema.org Event data with the required fields, and preview tags with the cover.
    const data = JSON.parse((await visitor.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown>;
    expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'Event', name: title[locale], location: { '@type': 'Place', name: 'Nordlicht' } });
    expect(new Date(data.startDate as string).toISOString()).toBe(data.startDate);
    expect((data.image as string[])[0]).toMatch(/\/api\/images\/[^/]+\?w=1280$/);
    expect((await visitor.request.get((data.image as string[])[0]!)).headers()['content-type']).toBe('image/webp');
    await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute('content', title[locale]);
    await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/api\/images\//);
    await expect(visitor.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');

    // Add to calendar: an iCalendar file in the page's language.
    const calendarHref = await visitor.getByRole('link', { name: new RegExp(MESSAGES[locale].Events.calendar) }).getAttribute('href');
    const calendar = await visitor.request.get(calendarHref!);
    expect(calendar.headers()['content-type']).toContain('text/calendar');
    const ics = await calendar.text();
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics.replace(/\r\n /g, '')).toContain(`SUMMARY:${title[locale]}`);
  }

  // Both sitemaps list it, in their language, and stay valid.
  for (const [path, prefix] of [['/sitemap.xml', ''], ['/de/sitemap.xml', '/de']] as const) {
    const xml = await (await visitor.request.get(path)).text();
    validateSitemap(xml);
    expect(sitemapPaths(xml)).toContain(`${prefix}/events/${slug}`);
    expect(xml).toContain(`hreflang="${prefix ? 'en' : 'de'}" href="${baseURL}${prefix ? '' : '/de'}/events/${slug}"`);
  }
});

test('a changed slug keeps the old address working with a permanent redirect', async ({ page, baseURL }) => {
  const word = stamp();
  const m = en.AdminEvents;
  await adminOn(page);
  const event = await apiEvent(page, baseURL!, `Moving Night ${word}`, true);
  await page.goto(`/admin/events?edit=${event.id}`);
  await page.getByLabel(m.fields.slug).fill(`moved-night-${word}`);
  await page.getByRole('button', { name: m.save }).click();
  await expect(page.getByRole('status').filter({ hasText: fill(m.savedMoved, { path: `/events/moved-night-${word}` }) })).toBeVisible();

  for (const prefix of ['', '/de']) {
    const old = await page.request.get(`${prefix}/events/${event.slug}`, { maxRedirects: 0 });
    expect(old.status()).toBe(308);
    expect(new URL(old.headers().location!, baseURL).pathname).toBe(`${prefix}/events/moved-night-${word}`);
  }
  await page.goto(`/events/${event.slug}`);
  await expect(page).toHaveURL(new RegExp(`/events/moved-night-${word}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Moving Night ${word}`);
});

test('a cancelled event keeps its page, which says so in both languages at once', async ({ page, baseURL }) => {
  const word = stamp();
  const m = en.AdminEvents;
  await adminOn(page);
  const event = await apiEvent(page, baseURL!, `Rain Night ${word}`, true);
  // Visited before the change. Each response carries its own CSP nonce, so no page is kept by
  // the server or the browser (decision 014).
  for (const path of [`/events/${event.slug}`, '/events']) {
    const before = await page.request.get(path);
    expect(await before.text()).not.toContain('schema.org/EventCancelled');
    expect(before.headers()['x-nextjs-cache']).toBeUndefined();
    expect(before.headers()['cache-control']).toContain('no-store');
  }
  await page.goto(`/admin/events?edit=${event.id}`);
  await page.getByRole('button', { name: m.actions.cancel }).click();
  await page.getByRole('dialog').getByRole('button', { name: m.cancelDialog.confirm }).click();
  await expect(statusBadge(page)).toHaveText(/Cancelled/);

  // The server's own HTML says so (not only the live list in the browser).
  expect(await (await page.request.get('/events')).text()).toMatch(new RegExp(`data-cancelled[^]*?Rain Night ${word}`));
  await page.goto('/events');
  await expect(page.getByRole('article').filter({ hasText: `Rain Night ${word}` })).toContainText(en.Events.cancelled);
  for (const locale of ['en', 'de'] as const) {
    await page.goto(localized(locale, `/events/${event.slug}`));
    await expect(page.getByRole('note')).toContainText(MESSAGES[locale].Events.cancelledNotice);
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown>;
    expect(data.eventStatus).toBe('https://schema.org/EventCancelled');
  }
});

test('a slug another event holds is refused at the field, and nothing is created', async ({ page }) => {
  const word = stamp();
  const m = en.AdminEvents;
  await adminOn(page);
  await page.goto('/admin/events?edit=new');
  await page.getByLabel(fill(m.fields.title, { language: m.languages.en })).fill(`Clash ${word}`);
  await page.getByLabel(fill(m.fields.title, { language: m.languages.de })).fill(`Kollision ${word}`);
  await page.getByLabel(fill(m.fields.summary, { language: m.languages.en })).fill('Two events, one address.');
  await page.getByLabel(fill(m.fields.summary, { language: m.languages.de })).fill('Zwei Veranstaltungen, eine Adresse.');
  await page.getByLabel(m.fields.startsAt).fill(inDays(40));
  await page.getByLabel(m.fields.slug).fill('harbour-lights');
  await page.getByRole('button', { name: m.createDraft }).click();
  const message = fill(en.Errors.reasons.slugTaken, { slug: 'harbour-lights', event: 'Harbour Lights' });
  await expect(page.locator('.field', { has: page.getByLabel(m.fields.slug) }).locator('.field__error')).toContainText(message);
  await expect(page.getByLabel(m.fields.slug)).toHaveAttribute('aria-invalid', 'true');
  // What was typed is still there, and no event was made.
  await expect(page.getByLabel(fill(m.fields.title, { language: m.languages.en }))).toHaveValue(`Clash ${word}`);
  const input = encodeURIComponent(JSON.stringify({ json: { filter: 'all', search: word } }));
  const found = (await (await page.request.get(`/api/trpc/events.list?input=${input}`)).json()) as { result: { data: { json: { events: unknown[] } } } };
  expect(found.result.data.json.events).toHaveLength(0);
});

test('de: a number outside its range or not whole says so, with the range, at its field', async ({ page }) => {
  const m = MESSAGES.de;
  await adminOn(page, '/admin/events', 'de');
  await page.goto(localized('de', '/admin/events?edit=new'));
  await page.getByLabel(m.AdminEvents.fields.capacity).fill('-5');
  await page.getByLabel(m.AdminEvents.fields.drinkAllowance).fill('1.5');
  await page.getByRole('button', { name: m.AdminEvents.createDraft }).click();
  const errorOf = (label: string) => page.locator('.field', { has: page.getByLabel(label) }).locator('.field__error');
  await expect(errorOf(m.AdminEvents.fields.capacity)).toContainText(fill(m.Forms.tooSmall.replace(', number', ''), { min: '1' }));
  await expect(errorOf(m.AdminEvents.fields.drinkAllowance)).toContainText(m.Forms.wholeNumber);
  await page.getByLabel(m.AdminEvents.fields.capacity).fill('200000');
  await page.getByRole('button', { name: m.AdminEvents.createDraft }).click();
  await expect(errorOf(m.AdminEvents.fields.capacity)).toContainText(fill(m.Forms.tooLarge.replace(', number', ''), { max: '100.000' }));
});

test('deleting an image that is a cover is refused with a message naming the event', async ({ page }) => {
  await adminOn(page, '/admin/images');
  const card = page.getByRole('listitem', { name: 'demo-cover-harbour.jpg' });
  await card.getByRole('button', { name: en.AdminImages.delete }).click();
  await page.getByRole('dialog').getByRole('button', { name: en.AdminImages.delete }).click();
  await expect(card.getByRole('alert')).toContainText(fill(en.Errors.reasons.imageIsCover, { event: 'Harbour Lights' }));
  await page.reload();
  await expect(page.getByRole('listitem', { name: 'demo-cover-harbour.jpg' })).toBeVisible();
});

test('drafts and unknown slugs are the 404 page for visitors; the home page shows the next events', async ({ page }) => {
  // English first: a German page sets the language cookie, which sends unprefixed URLs to German.
  for (const path of ['/events/new-years-eve', '/events/no-such-night', '/de/events/new-years-eve']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(path.startsWith('/de') ? MESSAGES.de.Errors.notFoundTitle : en.Errors.notFoundTitle);
  }
  await page.context().clearCookies();
  await page.goto('/');
  const next = page.locator('section', { has: page.getByRole('heading', { name: en.Home.nextHeading }) });
  await expect(next.getByRole('article')).not.toHaveCount(0);
  await expect(next.getByRole('link', { name: 'Harbour Lights' })).toBeVisible();
  const gallery = page.locator('section', { has: page.getByRole('heading', { name: en.Home.galleryHeading }) });
  await expect(gallery.locator('img').first()).toBeVisible();
  // Pages without a picture of their own preview with the site's card.
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/social-card\.png$/);
  await page.goto('/de');
  await expect(page.getByRole('link', { name: 'Hafenlichter' })).toBeVisible();
});

test.describe('seen from another time zone', () => {
  // A visitor in New York still sees the venue's (Berlin) times: the demo nights start at 21:00.
  test.use({ timezoneId: 'America/New_York' });

  test('the programme shows dates and times at the venue, in the page language', async ({ page }) => {
    await page.goto('/events');
    const card = page.getByRole('article').filter({ hasText: 'Harbour Lights' });
    await expect(card.locator('time')).toContainText('9:00 PM');
    // Still so after the live list has taken over in the browser.
    await page.waitForLoadState('networkidle');
    await expect(card.locator('time')).toContainText('9:00 PM');
    await page.goto('/de/events');
    await expect(page.getByRole('article').filter({ hasText: 'Hafenlichter' }).locator('time')).toContainText('21:00');
  });
});

test('every event page in both sitemaps carries schema.org Event data with name, start, location and image', async ({ request }) => {
  for (const sitemap of ['/sitemap.xml', '/de/sitemap.xml']) {
    const paths = sitemapPaths(await (await request.get(sitemap)).text()).filter((path) => /\/events\/[^/]+$/.test(path));
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const html = await (await request.get(path)).text();
      const script = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
      expect(script, path).not.toBeNull();
      const data = JSON.parse(script![1]!) as Record<string, unknown>;
      expect(data['@type'], path).toBe('Event');
      expect(typeof data.name, path).toBe('string');
      expect(Number.isNaN(Date.parse(data.startDate as string)), path).toBe(false);
      expect(data.location, path).toMatchObject({ '@type': 'Place' });
      expect((data.image as string[] | undefined)?.length, `${path} has an image`).toBeGreaterThan(0);
    }
  }
});

test('admins filter the programme and find events by a word of either title, kept in the URL', async ({ page }) => {
  const m = en.AdminEvents;
  await adminOn(page);
  const rows = page.getByRole('main').getByRole('listitem');
  await expect(rows.filter({ hasText: 'Harbour Lights' })).toBeVisible();
  await expect(rows.filter({ hasText: "New Year's Eve at Nordlicht" })).toHaveCount(0);
  await page.getByRole('button', { name: m.filters.drafts }).click();
  await expect(page).toHaveURL(/filter=drafts/);
  await expect(rows.filter({ hasText: "New Year's Eve at Nordlicht" })).toBeVisible();
  await page.getByRole('button', { name: m.filters.all }).click();
  await page.getByLabel(m.searchLabel).fill('hafen');
  await expect(page).toHaveURL(/q=hafen/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Harbour Lights');
  await page.reload();
  await expect(page.getByLabel(m.searchLabel)).toHaveValue('hafen');
  await expect(rows).toHaveCount(1);
});
