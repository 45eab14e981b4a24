import { describe, expect, it } from 'vitest';
import { firstLoadScripts, lightPagePaths } from './page-weight';

// The head and tail of what `next start` (16.4.6, Turbopack) served for a bare App Router page;
// Chromium fetched exactly these five chunks for it, and not the nomodule polyfill.
const BARE_PAGE_HTML =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/0j1we3cwg31qe.js"/>' +
  '<script src="/_next/static/chunks/0m3mby5pxg4oz.js" async=""></script>' +
  '<script src="/_next/static/chunks/39_j1bdzreq0m.js" async=""></script>' +
  '<script src="/_next/static/chunks/turbopack-2u1d16houkiyo.js" async=""></script>' +
  '<script src="/_next/static/chunks/3qfy96eoyh-ek.js" async=""></script>' +
  '<script src="/_next/static/chunks/0cz1d0mv5g_q7.js" noModule=""></script></head>' +
  '<body><div hidden=""><!--$--><!--/$--></div><h1>Hello</h1><!--$--><!--/$-->' +
  '<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/0j1we3cwg31qe.js"],"runtimeModuleIds":[94553]});</script>' +
  '<script src="/_next/static/chunks/0j1we3cwg31qe.js" async=""></script>' +
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>' +
  '<script>self.__next_f.push([1,"2:\\"/_next/static/chunks/3qfy96eoyh-ek.js\\"\\n"])</script>' +
  '</body></html>';

describe('firstLoadScripts', () => {
  it('lists the chunks a bare Next page loads, preloaded or not, once each and in order', () => {
    expect(firstLoadScripts(BARE_PAGE_HTML, 'http://127.0.0.1:4000/')).toEqual([
      'http://127.0.0.1:4000/_next/static/chunks/0j1we3cwg31qe.js',
      'http://127.0.0.1:4000/_next/static/chunks/0m3mby5pxg4oz.js',
      'http://127.0.0.1:4000/_next/static/chunks/39_j1bdzreq0m.js',
      'http://127.0.0.1:4000/_next/static/chunks/turbopack-2u1d16houkiyo.js',
      'http://127.0.0.1:4000/_next/static/chunks/3qfy96eoyh-ek.js',
    ]);
  });

  it('leaves out nomodule scripts, which browsers with modules never fetch', () => {
    const html = '<script src="/_next/static/chunks/polyfills.js" noModule=""></script><script nomodule src="/_next/static/chunks/legacy.js"></script>';
    expect(firstLoadScripts(html, 'http://localhost/')).toEqual([]);
  });

  it('counts module preloads and scripts with a nonce, any quoting, and entities in the URL', () => {
    const html =
      '<link rel="modulepreload" href="/_next/static/chunks/a.js">' +
      "<script nonce='abc123' async src='/_next/static/chunks/b.js?v=1&amp;dpl=x'></script>" +
      '<script async src=/_next/static/chunks/c.js></script>' +
      '<SCRIPT SRC="/_next/static/chunks/d.js" TYPE="module"></SCRIPT>';
    expect(firstLoadScripts(html, 'https://venue.example/events')).toEqual([
      'https://venue.example/_next/static/chunks/a.js',
      'https://venue.example/_next/static/chunks/b.js?v=1&dpl=x',
      'https://venue.example/_next/static/chunks/c.js',
      'https://venue.example/_next/static/chunks/d.js',
    ]);
  });

  it('ignores what is not a first-load script of the app, and tags inside an inline script', () => {
    const html =
      '<link rel="preload" as="style" href="/_next/static/css/app.css">' +
      '<link rel="preload" as="font" href="/_next/static/media/font.woff2" crossorigin="">' +
      '<link rel="prefetch" as="script" href="/_next/static/chunks/later.js">' +
      '<link rel="stylesheet" href="/_next/static/css/app.css">' +
      '<script src="https://analytics.example/tag.js"></script>' +
      '<script src="/sw-register.js"></script>' +
      '<script type="application/ld+json">{"@type":"Event"}</script>' +
      '<script type="application/json" src="/_next/static/data.json"></script>' +
      '<!-- <script src="/_next/static/chunks/commented-out.js"></script> -->' +
      "<script>document.write('<script src=\"/_next/static/chunks/written.js\"></scr' + 'ipt><!--')</script>" +
      '<script src="/_next/static/chunks/after-inline.js"></script>';
    expect(firstLoadScripts(html, 'http://localhost/')).toEqual(['http://localhost/_next/static/chunks/after-inline.js']);
  });

  it('resolves relative addresses against the page and keeps an asset prefix', () => {
    const html = '<script src="chunks/x.js"></script><script src="https://cdn.example/venue/_next/static/chunks/y.js"></script>';
    expect(firstLoadScripts(html, 'http://localhost/_next/static/page')).toEqual([
      'http://localhost/_next/static/chunks/x.js',
      'https://cdn.example/venue/_next/static/chunks/y.js',
    ]);
  });
});

describe('lightPagePaths', () => {
  it('names every light public page in English and German', () => {
    expect(lightPagePaths('/events/members-open-house')).toEqual([
      '/',
      '/events',
      '/events/members-open-house',
      '/about',
      '/impressum',
      '/de',
      '/de/events',
      '/de/events/members-open-house',
      '/de/about',
      '/de/impressum',
    ]);
  });
});
