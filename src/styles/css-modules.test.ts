// Styles sit beside their components: a feature's classes live in its CSS module, and globals.css
// keeps the tokens, the resets and the primitives every feature shares.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(process.cwd(), 'src');

/** The classes a stylesheet's selectors name: not its values, comments or the globals it reaches with :global(). */
function classesOf(file: string): Set<string> {
  let css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/@import[^;]*;/g, '').replace(/:global\([^)]*\)/g, '');
  // Declarations are the innermost blocks; dropping them once leaves every selector, @media's included.
  css = css.replace(/\{[^{}]*\}/g, ';');
  return new Set([...css.matchAll(/\.([A-Za-z_][-\w]*)/g)].map((match) => match[1]!));
}

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, suffix) : path.endsWith(suffix) ? [path] : [];
  });
}

/** A class of the block: the block itself, its elements (`block__x`) and its variants (`block--x`). */
const ofBlock = (block: string) => (name: string) => name === block || name.startsWith(`${block}__`) || name.startsWith(`${block}--`);

/** Which module holds which blocks, once globals.css held them all. */
const MOVED: [module: string, blocks: string[]][] = [
  ['features/door/ui/door.module.css', ['pass', 'qr-code', 'scanner', 'mode-switch', 'door-status', 'verdict', 'bar', 'door-admin']],
  ['features/images/ui/LoungeGallery.module.css', ['lounge', 'viewer', 'viewer-overlay']],
  ['features/memberships/ui/VipHome.module.css', ['vip-home', 'membership-card', 'vip-shortcuts', 'vip-shortcut', 'event-card__drinks', 'event-card__drinks-icon']],
  ['features/profile/ui/profile.module.css', ['profile', 'profile-photo', 'profile-actions', 'crop-dialog__area', 'crop-dialog__zoom']],
  ['ui/settings.module.css', ['profile-section', 'profile-form']],
];

describe('styles beside their components', () => {
  const globals = [...classesOf(join(SRC, 'styles/globals.css'))];

  it.each(MOVED)('%s holds its blocks, and globals.css none of them', (module, blocks) => {
    const path = join(SRC, module);
    expect(existsSync(path), module).toBe(true);
    const own = [...classesOf(path)];
    for (const block of blocks) {
      expect(own.some(ofBlock(block)), `${module}: .${block}`).toBe(true);
      expect(globals.filter(ofBlock(block)), `globals.css: .${block}`).toEqual([]);
    }
  });

  it('gives a component only classes its module defines', () => {
    // A name the module lacks is `undefined` in the page: an element silently unstyled.
    const components = filesUnder(SRC, '.tsx');
    const imports = components.flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return [...source.matchAll(/^import (\w+) from '([^']+\.module\.css)';$/gm)].map(([, name, from]) => {
        const path = from!.startsWith('@/') ? join(SRC, from!.slice(2)) : resolve(dirname(file), from!);
        return { file, source, name: name!, classes: [...classesOf(path)] };
      });
    });
    expect(imports.length).toBeGreaterThan(10);
    for (const { file, source, name, classes } of imports) {
      const used = [...source.matchAll(new RegExp(`(?<![\\w/.-])${name}(?:\\.([A-Za-z_]\\w*)|\\['([^']+)'\\])`, 'g'))].map((match) => match[1] ?? match[2]!);
      for (const className of used) expect(classes, `${file}: ${name}.${className}`).toContain(className);
      // A name put together at run time (`verdict--${tone}`) needs at least one class that starts so.
      for (const [, prefix] of source.matchAll(new RegExp(`(?<![\\w/.-])${name}\\[\`([^$\`]*)\\$\\{`, 'g'))) {
        expect(classes.some((candidate) => candidate.startsWith(prefix!)), `${file}: ${name}[\`${prefix}…\`]`).toBe(true);
      }
    }
  });
});
