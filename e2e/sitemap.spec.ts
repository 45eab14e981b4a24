// Sitemaps validate against the sitemaps.org schema (shared/schemas) with xmllint.
import { existsSync } from 'node:fs';
import { expect, test } from './support/test';
import { SITEMAP_XSD, sitemapPaths, validateSitemap as validate } from './support/sitemap';

test('the schema of the specification is at hand', () => {
  expect(existsSync(SITEMAP_XSD), `${SITEMAP_XSD} (shared/schemas beside the checkout)`).toBe(true);
});

for (const [path, prefix] of [['/sitemap.xml', ''], ['/de/sitemap.xml', '/de']] as const) {
  test(`${path} is a valid sitemap of that language with alternates`, async ({ request, baseURL }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/xml');
    const xml = await response.text();
    expect(() => validate(xml)).not.toThrow();
    const locs = sitemapPaths(xml);
    const expected = ['/', '/events', '/about', '/impressum'].map((p) => (prefix && p === '/' ? prefix : `${prefix}${p}`));
    expect(locs.slice(0, 4)).toEqual(expected);
    // Then every published event (the demo programme has some), each in this language.
    const events = locs.slice(4);
    expect(events.length).toBeGreaterThan(0);
    for (const path of events) expect(path).toMatch(new RegExp(`^${prefix}/events/[a-z0-9-]+$`));
    expect(xml.match(/<lastmod>/g)?.length).toBe(locs.length);
    expect(xml).toContain(`hreflang="de" href="${baseURL}/de/about"`);
    expect(xml).toContain(`hreflang="en" href="${baseURL}/about"`);
  });
}

test('an invalid sitemap would be caught by the validation', () => {
  expect(() => validate('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url/></urlset>')).toThrow();
});

test('robots.txt points at both sitemaps', async ({ request, baseURL }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain(`Sitemap: ${baseURL}/de/sitemap.xml`);
  // Covers in link previews come from /api/images/, which crawlers may fetch; the rest of /api/ not.
  expect(robots).toContain('Allow: /api/images/');
  expect(robots).toContain('Disallow: /api/');
});
