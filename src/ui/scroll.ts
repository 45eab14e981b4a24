// Smooth in-page scrolling over the specification's 300 ms, with an ease-in-out curve.
import { SCROLL_DURATION_MS } from '@/styles/tokens';

export function easeInOutCubic(progress: number): number {
  const p = Math.min(1, Math.max(0, progress));
  return p < 0.5 ? 4 * p * p * p : 1 - (-2 * p + 2) ** 3 / 2;
}

/** Scroll position `elapsed` ms into an animation from `from` to `to`. */
export function scrollPositionAt(from: number, to: number, elapsed: number, duration = SCROLL_DURATION_MS): number {
  if (duration <= 0) return to;
  return from + (to - from) * easeInOutCubic(elapsed / duration);
}
