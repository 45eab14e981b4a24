// The build's last step (scripts/compile-hints.mjs, decision 037): which scripts it marks for
// eager compilation, that the mark is the file's first line, that a source map follows it, and
// that a second run changes nothing.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, markScript, startScripts } from '../../../scripts/compile-hints.mjs';

function buildFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'compile-hints-'));
  mkdirSync(join(folder, 'static', 'chunks'), { recursive: true });
  mkdirSync(join(folder, 'server', 'app', '[locale]', 'events'), { recursive: true });
  writeFileSync(join(folder, 'build-manifest.json'), JSON.stringify({ rootMainFiles: ['static/chunks/framework.js', 'static/chunks/runtime.js'], polyfillFiles: ['static/chunks/polyfills.js'] }));
  const manifest = (route: string, entries: Record<string, string[]>) =>
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(route)}] = ${JSON.stringify({ clientModules: {}, entryJSFiles: entries, entryCSSFiles: { '[project]/src/app/[locale]/layout': ['static/chunks/site.css'] } })};\n`;
  writeFileSync(
    join(folder, 'server', 'app', '[locale]', 'events', 'page_client-reference-manifest.js'),
    manifest('/[locale]/events/page', { '[project]/src/app/[locale]/layout': ['static/chunks/layout.js'], '[project]/src/app/[locale]/events/page': ['static/chunks/layout.js', 'static/chunks/events.js', 'static/chunks/site.css'] }),
  );
  writeFileSync(join(folder, 'server', 'app', '[locale]', 'page_client-reference-manifest.js'), manifest('/[locale]/page', { '[project]/src/app/[locale]/layout': ['static/chunks/layout.js'] }));
  return folder;
}

describe('compile hints', () => {
  it('marks the framework and every layout and page entry script, once each, and nothing else', () => {
    expect(startScripts(buildFolder())).toEqual(['static/chunks/events.js', 'static/chunks/framework.js', 'static/chunks/layout.js', 'static/chunks/runtime.js']);
  });

  it('puts the hint on the first line, leaves the code as it was, and marks a script once', () => {
    const script = join(buildFolder(), 'static', 'chunks', 'framework.js');
    writeFileSync(script, '(globalThis.TURBOPACK||[]).push([1,e=>{}]);');
    expect(markScript(script)).toBe(true);
    expect(readFileSync(script, 'utf8')).toBe('//# allFunctionsCalledOnLoad\n(globalThis.TURBOPACK||[]).push([1,e=>{}]);');
    expect(markScript(script)).toBe(false);
    expect(readFileSync(script, 'utf8').split(COMPILE_HINT)).toHaveLength(2);
  });

  it('moves a named source map one line down, so it still points at the same code', () => {
    const chunks = join(buildFolder(), 'static', 'chunks');
    writeFileSync(join(chunks, 'layout.js'), 'a();\nb();\n//# sourceMappingURL=layout.js.map');
    writeFileSync(join(chunks, 'layout.js.map'), JSON.stringify({ version: 3, sources: ['layout.tsx'], names: [], mappings: 'AAAA;AACA' }));
    markScript(join(chunks, 'layout.js'));
    expect(JSON.parse(readFileSync(join(chunks, 'layout.js.map'), 'utf8'))).toMatchObject({ mappings: ';AAAA;AACA', sources: ['layout.tsx'] });
  });
});
