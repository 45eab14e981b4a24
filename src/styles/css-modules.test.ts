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

/**
 * The classes a stylesheet defines, leaving out comments, imports (`tokens.css` is no class) and the
 * global ones it only refers to.
 */
function classesDefinedIn(css: string): Set<string> {
  const own = css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/@import[^;]*;/g, '')
    .replace(/:global\([^)]*\)/g, '');
  // Only selectors (before a block opens), never values such as 0.6 or a url.
  const selectors = own.replace(/\{[^{}]*\}/g, '{}');
  return new Set([...selectors.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!));
}

/**
 * Each CSS module a source file imports, with the classes the file reads from it, and the
 * beginnings of the names it puts together at run time (`styles[`verdict--${tone}`]`).
 */
function moduleReads(source: string, file: string): { stylesheet: string; classes: string[]; prefixes: string[] }[] {
  return [...source.matchAll(/^import (\w+) from '([^']+\.module\.css)';$/gm)].map(([, name, specifier]) => {
    const stylesheet = specifier!.startsWith('@/') ? join(SRC, specifier!.slice(2)) : resolve(dirname(file), specifier!);
    const reads = source.matchAll(new RegExp(`(?<![\\w/.-])${name}(?:\\.(\\w+)|\\['([^']+)'\\])`, 'g'));
    const builds = source.matchAll(new RegExp(`(?<![\\w/.-])${name}\\[\`([^$\`]*)\\$\\{`, 'g'));
    return { stylesheet, classes: [...reads].map((match) => match[1] ?? match[2]!), prefixes: [...builds].map((match) => match[1]!) };
  });
}

describe('CSS modules', () => {
  it('reads a class definition from a stylesheet, not the values or the global classes it names', () => {
    const css = `@import './tokens.css';\n/* .commented */\n.card :global(.button) { color: rgb(0 0 0 / 0.6); }\n@media (min-width: 600px) {\n  .card-grid > .card__icon { inset: 0.5rem; }\n}`;
    expect([...classesDefinedIn(css)].sort()).toEqual(['card', 'card-grid', 'card__icon']);
  });

  it('finds the classes a component reads, by name and by bracket', () => {
    const source = `import styles from './Thing.module.css';\nconst a = styles.thing; const b = styles['thing__part'];`;
    expect(moduleReads(`${source}\nconst c = styles[\`thing--\${tone}\`];`, join(SRC, 'ui', 'Thing.tsx'))).toEqual([
      { stylesheet: join(SRC, 'ui', 'Thing.module.css'), classes: ['thing', 'thing__part'], prefixes: ['thing--'] },
    ]);
  });

  const sources = filesUnder(SRC, /\.tsx?$/).filter((file) => !/\.test\.tsx?$/.test(file));
  const stylesheets = filesUnder(SRC, /\.module\.css$/);

  it('defines every class a component reads from its module', () => {
    const missing = sources.flatMap((file) =>
      moduleReads(readFileSync(file, 'utf8'), file).flatMap(({ stylesheet, classes, prefixes }) => {
        const defined = classesDefinedIn(readFileSync(stylesheet, 'utf8'));
        const built = prefixes.filter((prefix) => ![...defined].some((name) => name.startsWith(prefix))).map((prefix) => `${prefix}…`);
        return [...classes.filter((name) => !defined.has(name)), ...built].map((name) => `${relative(SRC, file)}: ${name} (${relative(SRC, stylesheet)})`);
      }),
    );
    expect(missing).toEqual([]);
    // The walk found the modules: an import pattern it failed to match would pass it vacuously.
    expect(sources.filter((file) => moduleReads(readFileSync(file, 'utf8'), file).length > 0).length).toBeGreaterThan(20);
  });

  // The global layer: globals.css and the files it imports, in the order of the cascade.
  const globalSheets = (() => {
    const index = join(SRC, 'styles', 'globals.css');
    const imports = [...readFileSync(index, 'utf8').matchAll(/@import '([^']+)';/g)].map((match) => join(SRC, 'styles', match[1]!));
    return [index, ...imports];
  })();
  const globalClasses = () => new Set(globalSheets.flatMap((sheet) => [...classesDefinedIn(readFileSync(sheet, 'utf8'))]));

  it('imports every global stylesheet from globals.css, so none is left out of the cascade or loaded twice', () => {
    const global = filesUnder(join(SRC, 'styles'), /\.css$/).filter((file) => !file.endsWith('.module.css'));
    expect([...global].sort()).toEqual([...globalSheets].sort());
  });

  it('leaves no class of a module defined in globals.css too', () => {
    const global = globalClasses();
    const twice = stylesheets.flatMap((stylesheet) =>
      [...classesDefinedIn(readFileSync(stylesheet, 'utf8'))].filter((name) => global.has(name)).map((name) => `${relative(SRC, stylesheet)}: ${name}`),
    );
    expect(twice).toEqual([]);
  });

  // What stays global although one source file uses it: the root layout's skip link and the error
  // pages' classes (a module's class map would ride in every page's first-load JavaScript, decision
  // 027), a shape of the skeleton that raw elements use in its other shapes, and the alert's parts
  // and kinds, which only ui/feedback/Alert.tsx writes but the screens that place an
  // alert adjust by their global names (`:global(.alert)`), as browser tests find them.
  const ONE_USER_STAYS_GLOBAL = [
    'skip-link',
    'error-page__lead',
    'skeleton--text',
    'alert__label',
    'alert__body',
    'alert--error',
    'alert--success',
    'alert--warning',
    'alert--info',
  ];

  it('keeps in globals.css only classes that several source files use: one file\'s classes are its module\'s', () => {
    const texts = sources.map((file) => readFileSync(file, 'utf8'));
    // A name built at run time (`skeleton--${shape}`, `badge--role-${role}`) counts for every class it
    // can become.
    const built = texts.map((text) => [...text.matchAll(/([\w-]*-)\$\{/g)].map((match) => match[1]!));
    // A class name that is also a word (`section`) may be counted in a file that only says the
    // word: that lets a class stay, never fails one that is shared.
    const users = (name: string) =>
      texts.filter((text, index) => new RegExp(`(?<![\\w-])${name}(?![\\w-])`).test(text) || built[index]!.some((prefix) => name.startsWith(prefix))).length;
    const global = globalClasses();
    expect([...global].filter((name) => !ONE_USER_STAYS_GLOBAL.includes(name) && users(name) < 2).map((name) => `${name}: ${users(name)} file(s)`)).toEqual([]);
    expect(ONE_USER_STAYS_GLOBAL.filter((name) => !global.has(name))).toEqual([]);
  });

  // A module's class is renamed at build time: written out as a plain string it matches nothing.
  const moduleClasses = new Set(stylesheets.flatMap((stylesheet) => [...classesDefinedIn(readFileSync(stylesheet, 'utf8'))]));

  it('names a module\'s class only through its import, never as a plain string in a className', () => {
    const plain = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/className=(?:"([^"]*)"|\{'([^']*)'\}|\{`([^`]*)`\})/g)]
        .flatMap((match) => (match[1] ?? match[2] ?? match[3]!).replace(/\$\{[^}]*\}/g, ' ').split(/\s+/))
        .filter((name) => moduleClasses.has(name))
        .map((name) => `${relative(SRC, file)}: ${name}`),
    );
    expect(plain).toEqual([]);
  });

  it('leaves browser tests to find a role, a label, a text or a data attribute, not a module\'s class', () => {
    // A selector: a dot inside a string literal, following no word (`door.figures` is a procedure).
    const literals = (spec: string) => [...spec.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)].map((match) => match[1] ?? match[2] ?? match[3]!);
    const selects = (spec: string, name: string) => literals(spec).some((text) => new RegExp(`(?<![\\w$])\\.${name}(?![\\w-])`).test(text));
    const selected = filesUnder(join(process.cwd(), 'e2e'), /\.ts$/).flatMap((file) => {
      const spec = readFileSync(file, 'utf8');
      return [...moduleClasses].filter((name) => selects(spec, name)).map((name) => `${relative(process.cwd(), file)}: .${name}`);
    });
    expect(selected).toEqual([]);
  });
});
