// Design tokens: the one source for breakpoints, colours and motion. CSS mirrors these values
// (tokens.css and the media queries) and tokens.test.ts keeps the two in step.

/** Specification breakpoints in CSS pixels (min-width). Mobile is everything below `lg`. */
export const BREAKPOINTS = { sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;

/** Smooth in-page scrolling lasts 300 ms (specification). */
export const SCROLL_DURATION_MS = 300;

export const COLORS = {
  primary: '#ffefc1',
  onPrimary: '#1b1709',
  background: '#0f0e0c',
  surface: '#1a1815',
  surfaceRaised: '#24211c',
  border: '#3a352c',
  /** Edges of controls people operate (inputs): 3:1 against every surface (WCAG 1.4.11). */
  borderStrong: '#847a68',
  text: '#f5f1e8',
  textMuted: '#bdb5a4',
  danger: '#ff9b8f',
  success: '#9fe3b0',
} as const;
