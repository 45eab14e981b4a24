import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, COLORS } from './tokens';

const css = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? cssFiles(path) : path.endsWith('.css') ? [path] : [];
  });
}

describe('design tokens', () => {
  it('uses the specification breakpoints', () => {
    expect(BREAKPOINTS).toEqual({ sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 });
  });

  it('has the primary colour of the specification', () => {
    expect(COLORS.primary).toBe('#ffefc1');
  });

  it('mirrors every colour and breakpoint in tokens.css', () => {
    for (const [name, value] of Object.entries(COLORS)) expect(css).toContain(`--color-${kebab(name)}: ${value};`);
    for (const [name, value] of Object.entries(BREAKPOINTS)) expect(css).toContain(`--breakpoint-${name}: ${value}px;`);
    expect(css).toContain('--scroll-duration: 300ms;');
  });

  it('uses only token breakpoints in media queries', () => {
    const allowed = new Set(Object.values(BREAKPOINTS));
    const widths = cssFiles(join(process.cwd(), 'src')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\((?:min|max)-width:\s*(\d+)px\)/g)].map((m) => [file, Number(m[1])] as const),
    );
    expect(widths.length).toBeGreaterThan(0);
    for (const [file, width] of widths) expect(allowed.has(width as never), `${file}: ${width}px`).toBe(true);
  });

  it('sets running text only in the sizes of the type scale', () => {
    // Display sizes (3rem and up, or a fluid clamp) are free; anything smaller is a --text-* token,
    // so a new component cannot add one more font to set up before the first paint (decision 034).
    const scale = new Set([...css.matchAll(/--(text-[a-z0-9]+):/g)].map((m) => m[1]));
    expect(scale.size).toBeGreaterThanOrEqual(5);
    const sizes = cssFiles(join(process.cwd(), 'src')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/font-size:\s*([^;}]+)/g)].map((m) => [file, m[1]!.trim()] as const),
    );
    expect(sizes.length).toBeGreaterThan(20);
    for (const [file, size] of sizes) {
      const token = /^var\(--(text-[a-z0-9]+)\)$/.exec(size)?.[1];
      const display = size.startsWith('clamp(') || (/^[\d.]+rem$/.test(size) && parseFloat(size) >= 3);
      expect(token ? scale.has(token) : display, `${file}: font-size ${size}`).toBe(true);
    }
  });
});

// WCAG 2.x relative luminance and contrast ratio.
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('contrast on the dark theme (WCAG AA, 4.5:1 for text)', () => {
  it.each([
    ['text on background', COLORS.text, COLORS.background],
    ['text on surface', COLORS.text, COLORS.surface],
    ['text on raised surface', COLORS.text, COLORS.surfaceRaised],
    ['muted text on background', COLORS.textMuted, COLORS.background],
    ['muted text on surface', COLORS.textMuted, COLORS.surface],
    ['muted text on raised surface', COLORS.textMuted, COLORS.surfaceRaised],
    ['primary on background', COLORS.primary, COLORS.background],
    ['primary on surface', COLORS.primary, COLORS.surface],
    ['text on primary buttons', COLORS.onPrimary, COLORS.primary],
    ['danger on surface', COLORS.danger, COLORS.surface],
    ['success on surface', COLORS.success, COLORS.surface],
    // The glyph on an alert's sign (✕ ! ✓ i) is read as text.
    ['error sign glyph', COLORS.onPrimary, COLORS.danger],
    ['success sign glyph', COLORS.onPrimary, COLORS.success],
    ['warning sign glyph', COLORS.onPrimary, COLORS.primary],
    ['note sign glyph', COLORS.onPrimary, COLORS.textMuted],
  ])('%s', (_, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('contrast of control edges (WCAG AA, 3:1 for user interface components)', () => {
  it.each([
    ['input edge on background', COLORS.borderStrong, COLORS.background],
    ['input edge on surface', COLORS.borderStrong, COLORS.surface],
    ['input edge on raised surface', COLORS.borderStrong, COLORS.surfaceRaised],
    ['error badge text on danger', COLORS.onPrimary, COLORS.danger],
    ['success badge text on success', COLORS.onPrimary, COLORS.success],
    // An alert's sign is a disc in its kind's colour on the alert's raised surface.
    ['error sign on a raised surface', COLORS.danger, COLORS.surfaceRaised],
    ['success sign on a raised surface', COLORS.success, COLORS.surfaceRaised],
    ['warning sign on a raised surface', COLORS.primary, COLORS.surfaceRaised],
    ['note sign on a raised surface', COLORS.textMuted, COLORS.surfaceRaised],
  ])('%s', (_, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(3);
  });
});
