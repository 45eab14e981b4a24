// Styles beside their components: a class a component reads from its CSS module exists there (a
// missing one is `undefined` in the markup and styles nothing, silently), and no class is defined
// both in a module and in globals.css, where which rule wins would depend on the order the
// stylesheets happen to load in.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(process.cwd(), 'src');

function filesUnder(dir: string, ending: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, ending) : ending.test(name) ? [path] : [];
  });
}

/** The classes a stylesheet defines, leaving out comments and the global ones it only refers to. */
function classesDefinedIn(css: string): Set<string> {
  const own = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/:global\([^)]*\)/g, '');
  // Only selectors (before a block opens), never values such as 0.6 or a url.
  const selectors = own.replace(/\{[^{}]*\}/g, '{}');
  return new Set([...selectors.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!));
}

/** Each CSS module a source file imports, with the classes the file reads from it. */
function moduleReads(source: string, file: string): { stylesheet: string; classes: string[] }[] {
  return [...source.matchAll(/^import (\w+) from '([^']+\.module\.css)';$/gm)].map(([, name, specifier]) => {
    const stylesheet = specifier!.startsWith('@/') ? join(SRC, specifier!.slice(2)) : resolve(dirname(file), specifier!);
    const reads = source.matchAll(new RegExp(`\\b${name}(?:\\.(\\w+)|\\['([^']+)'\\])`, 'g'));
    return { stylesheet, classes: [...reads].map((match) => match[1] ?? match[2]!) };
  });
}

describe('CSS modules', () => {
  it('reads a class definition from a stylesheet, not the values or the global classes it names', () => {
    const css = `/* .commented */\n.card :global(.button) { color: rgb(0 0 0 / 0.6); }\n@media (min-width: 600px) {\n  .card-grid > .card__icon { inset: 0.5rem; }\n}`;
    expect([...classesDefinedIn(css)].sort()).toEqual(['card', 'card-grid', 'card__icon']);
  });

  it('finds the classes a component reads, by name and by bracket', () => {
    const source = `import styles from './Thing.module.css';\nconst a = styles.thing; const b = styles['thing__part'];`;
    expect(moduleReads(source, join(SRC, 'ui', 'Thing.tsx'))).toEqual([{ stylesheet: join(SRC, 'ui', 'Thing.module.css'), classes: ['thing', 'thing__part'] }]);
  });

  const sources = filesUnder(SRC, /\.tsx?$/).filter((file) => !/\.test\.tsx?$/.test(file));
  const stylesheets = filesUnder(SRC, /\.module\.css$/);

  it('defines every class a component reads from its module', () => {
    const missing = sources.flatMap((file) =>
      moduleReads(readFileSync(file, 'utf8'), file).flatMap(({ stylesheet, classes }) => {
        const defined = classesDefinedIn(readFileSync(stylesheet, 'utf8'));
        return classes.filter((name) => !defined.has(name)).map((name) => `${relative(SRC, file)}: ${name} (${relative(SRC, stylesheet)})`);
      }),
    );
    expect(missing).toEqual([]);
  });

  it('leaves no class of a module defined in globals.css too', () => {
    const global = classesDefinedIn(readFileSync(join(SRC, 'styles', 'globals.css'), 'utf8'));
    const twice = stylesheets.flatMap((stylesheet) =>
      [...classesDefinedIn(readFileSync(stylesheet, 'utf8'))].filter((name) => global.has(name)).map((name) => `${relative(SRC, stylesheet)}: ${name}`),
    );
    expect(twice).toEqual([]);
  });
});
