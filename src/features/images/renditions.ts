// The widths the site serves images at, in one list for the pages that ask and the route that
// answers (anything else would let callers fill the rendition cache). 800 serves the cards and
// covers of most phones (a 330–380 px slot at 1.75–2 device pixels) with a third fewer pixels to
// download and decode than 960.
export const RENDITION_WIDTHS = [320, 640, 800, 960, 1280, 1920] as const;
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];

export function isRenditionWidth(width: number): width is RenditionWidth {
  return (RENDITION_WIDTHS as readonly number[]).includes(width);
}

export function renditionUrl(id: string, width: number): string {
  return `/api/images/${encodeURIComponent(id)}?w=${width}`;
}
