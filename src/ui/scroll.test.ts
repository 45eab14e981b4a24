import { describe, expect, it } from 'vitest';
import { easeInOutCubic, scrollPositionAt } from './scroll';

describe('smooth scroll', () => {
  it('takes 300 ms from start to target by default', () => {
    expect(scrollPositionAt(0, 1000, 0)).toBe(0);
    expect(scrollPositionAt(0, 1000, 150)).toBeCloseTo(500);
    expect(scrollPositionAt(0, 1000, 300)).toBe(1000);
    expect(scrollPositionAt(0, 1000, 450)).toBe(1000);
  });

  it('eases in and out', () => {
    expect(easeInOutCubic(0.1)).toBeLessThan(0.1);
    expect(easeInOutCubic(0.9)).toBeGreaterThan(0.9);
  });

  it('scrolls upwards too and jumps when there is no duration', () => {
    expect(scrollPositionAt(800, 200, 300)).toBe(200);
    expect(scrollPositionAt(800, 200, 0, 0)).toBe(200);
  });
});
