import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// A class of a CSS module is renamed at build time: written as a plain string (in a component or
// a browser test's selector) it matches nothing, and the screen or the test silently loses it.

const root = process.cwd();
const filesIn = (dir: string, ending: RegExp) =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => ending.test(name))
    .map((name) => join(dir, name));

/** The classes a stylesheet defines itself: comments and `:global(...)` parts left out. */
function ownClasses(css: string): Set<string> {
  const local = css.replace(/\/\*[^]*?\*\//g, '').replace(/:global\([^)]*\)/g, '').replace(/\{[^{}]*\}/g, '{}');
  return new Set([...local.matchAll(/\.([a-zA-Z][\w-]*)/g)].map((m) => m[1]!));
}

const moduleClasses = new Set(filesIn('src', /\.module\.css$/).flatMap((file) => [...ownClasses(readFileSync(join(root, file), 'utf8'))]));
// As a selector: inside a string, the dot not following a word (`door.figures` is a procedure).
const selects = (text: string, name: string) => new RegExp(`['"\`][^'"\`\\n]*(?<!\\w)\\.${name}(?![\\w-])`).test(text);

describe('CSS modules', () => {
  it('exist, and each class has one home: a module or globals.css, never both', () => {
    expect(moduleClasses.size).toBeGreaterThan(100);
    const global = ownClasses(readFileSync(join(root, 'src/styles/globals.css'), 'utf8'));
    expect([...moduleClasses].filter((name) => global.has(name))).toEqual([]);
  });

  it('are named through their import in components, never as a plain class string', () => {
    const plain = filesIn('src', /\.tsx$/).flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/className=(?:"([^"]*)"|\{'([^']*)'\}|\{`([^`]*)`\})/g)]
        .flatMap((m) => (m[1] ?? m[2] ?? m[3]!).replace(/\$\{[^}]*\}/g, ' ').split(/\s+/))
        .filter((name) => moduleClasses.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(plain).toEqual([]);
  });

  it('are not what browser tests select by: they find a role, a label, a text or a data attribute', () => {
    const selected = filesIn('e2e', /\.ts$/).flatMap((file) => {
      const spec = readFileSync(join(root, file), 'utf8');
      return [...moduleClasses].filter((name) => selects(spec, name)).map((name) => `${file}: .${name}`);
    });
    expect(selected).toEqual([]);
  });
});
