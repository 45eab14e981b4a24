// Sitemaps validate against the sitemaps.org schema (shared/schemas) with xmllint.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const SITEMAP_XSD = fileURLToPath(new URL('../../shared/schemas/sitemap.xsd', import.meta.url));
const XHTML_XSD = fileURLToPath(new URL('./fixtures/xhtml-link.xsd', import.meta.url));

function validate(xml: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'sitemap-'));
  const schema = join(dir, 'combined.xsd');
  writeFileSync(
    schema,
    `<?xml version="1.0"?><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">` +
      `<xs:import namespace="http://www.sitemaps.org/schemas/sitemap/0.9" schemaLocation="file://${SITEMAP_XSD}"/>` +
      `<xs:import namespace="http://www.w3.org/1999/xhtml" schemaLocation="file://${XHTML_XSD}"/></xs:schema>`,
  );
  const file = join(dir, 'sitemap.xml');
  writeFileSync(file, xml);
  execFileSync('xmllint', ['--noout', '--nonet', '--schema', schema, file], { stdio: 'pipe' });
}

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
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const expected = ['/', '/events', '/about', '/impressum'].map((p) => (prefix && p === '/' ? prefix : `${prefix}${p}`));
    expect(locs).toEqual(expected);
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
});
