import { describe, expect, it } from 'vitest';
import { renderSitemap, sitemapEntries, staticSitemapEntries } from './sitemap';

describe('sitemap', () => {
  it('lists the public pages without parameters, not the sign-in pages nor the unsubscribe page', () => {
    expect(staticSitemapEntries().map((e) => e.path)).toEqual(['/', '/events', '/about', '/impressum']);
  });

  it('writes language URLs with alternates to every language and lastmod when known', () => {
    const xml = renderSitemap('https://venue.example/', 'de', [{ path: '/about', lastModified: new Date('2026-11-01T10:00:00Z') }]);
    expect(xml).toContain('<loc>https://venue.example/de/about</loc>');
    expect(xml).toContain('<lastmod>2026-11-01T10:00:00.000Z</lastmod>');
    expect(xml).toContain('hreflang="en" href="https://venue.example/about"');
    expect(xml).toContain('hreflang="de" href="https://venue.example/de/about"');
    expect(xml).toContain('hreflang="x-default" href="https://venue.example/about"');
  });

  it('escapes XML in URLs', () => {
    expect(renderSitemap('https://venue.example', 'en', [{ path: '/events/a&b' }])).toContain('/events/a&amp;b</loc>');
  });

  it('adds every published event with its own last change, and dates the lists by the latest event', () => {
    const built = new Date('2026-11-01T00:00:00Z');
    const entries = sitemapEntries(
      [
        { slug: 'harbour-lights', updatedAt: new Date('2026-11-10T12:00:00Z') },
        { slug: 'winter-ball', updatedAt: new Date('2026-10-01T12:00:00Z') },
      ],
      built,
    );
    expect(entries.map((entry) => [entry.path, entry.lastModified?.toISOString()])).toEqual([
      ['/', '2026-11-10T12:00:00.000Z'],
      ['/events', '2026-11-10T12:00:00.000Z'],
      ['/about', built.toISOString()],
      ['/impressum', built.toISOString()],
      ['/events/harbour-lights', '2026-11-10T12:00:00.000Z'],
      ['/events/winter-ball', '2026-10-01T12:00:00.000Z'],
    ]);
  });
});
