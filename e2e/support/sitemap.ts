// Sitemap validation against the sitemaps.org schema of the specification, with xmllint.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SITEMAP_XSD = fileURLToPath(new URL('../../../shared/schemas/sitemap.xsd', import.meta.url));
const XHTML_XSD = fileURLToPath(new URL('../fixtures/xhtml-link.xsd', import.meta.url));

/** Throws (with xmllint's message) when the XML is not a valid sitemap with xhtml:link alternates. */
export function validateSitemap(xml: string): void {
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

/** The paths of a sitemap's <loc> entries. */
export function sitemapPaths(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}
