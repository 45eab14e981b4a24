// The widths the site serves images at, in one list for the pages that ask and the route that
// answers (anything else would let callers fill the rendition cache). 800 serves the cards and
// covers of most phones (a 330–380 px slot at 1.75–2 device pixels) with a third fewer pixels to
// download and decode than 960.
import type { Locale } from '@/i18n/routing';

export const RENDITION_WIDTHS = [320, 640, 800, 960, 1280, 1920] as const;
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];

export function isRenditionWidth(width: number): width is RenditionWidth {
  return (RENDITION_WIDTHS as readonly number[]).includes(width);
}

export function renditionUrl(id: string, width: number): string {
  return `/api/images/${encodeURIComponent(id)}?w=${width}`;
}

/**
 * A library image as <ResponsiveImage> (src/ui) shows it: never offered wider than the original;
 * a small original is served as it is (the 320 rendition).
 */
export function libraryImage(image: { id: string; width: number; height: number; alt: Readonly<Record<Locale, string>> }) {
  const fitting = RENDITION_WIDTHS.filter((width) => width <= image.width);
  const widths: readonly number[] = fitting.length ? fitting : [RENDITION_WIDTHS[0]];
  return { renditions: widths.map((width) => ({ url: renditionUrl(image.id, width), width })), width: image.width, height: image.height, alt: image.alt };
}
