// A stacked bar chart drawn as a PNG for a mail (the night's arrivals per 15 minutes, one colour per
// door): mail programs run no script and should load nothing, so the chart travels as a picture in
// the mail itself. Dark bars on white with light grid lines and the numbers of the grid and of the
// hours in a small pixel font; the mail's text states every figure, so the picture is an overview
// and its alt text says what it shows. Series after the first alternate solid and striped, so doors
// differ by more than colour.
import 'server-only';
import { encodePng } from './png';

export type Rgb = readonly [number, number, number];

export interface BarSeries {
  /** One value per bar, the same length in every series. */
  values: readonly number[];
}

export interface BarChartInput {
  /** Stacked from the bottom in this order. */
  series: readonly BarSeries[];
  /** Words under some bars (an hour, `22:00`): digits and `:` only, which the pixel font knows. */
  labels?: readonly { index: number; text: string }[];
  /** The size the mail shows it at, in CSS pixels; drawn `scale` times as large for sharp screens. */
  width?: number;
  height?: number;
  scale?: number;
}

export interface DrawnChart {
  png: Buffer;
  /** The size to show it at (CSS pixels). */
  width: number;
  height: number;
}

/** The doors' colours, dark enough against white (WCAG's 3:1 for graphics) and apart from each other. */
export const SERIES_COLOURS: readonly Rgb[] = [
  [0x1f, 0x5f, 0x99],
  [0xb8, 0x5c, 0x00],
  [0x2e, 0x7d, 0x32],
  [0x7b, 0x1f, 0xa2],
  [0xa3, 0x1f, 0x34],
  [0x00, 0x69, 0x6b],
];
const WHITE: Rgb = [0xff, 0xff, 0xff];
const GRID: Rgb = [0xe3, 0xe3, 0xe3];
const AXIS: Rgb = [0x55, 0x55, 0x55];
const INK: Rgb = [0x33, 0x33, 0x33];

/** 3 × 5 digits and a colon (one pixel wide), row by row, a bit per pixel from the left. */
const GLYPHS: Record<string, readonly number[]> = {
  '0': [7, 5, 5, 5, 7],
  '1': [2, 6, 2, 2, 7],
  '2': [7, 1, 7, 4, 7],
  '3': [7, 1, 7, 1, 7],
  '4': [5, 5, 7, 1, 1],
  '5': [7, 4, 7, 1, 7],
  '6': [7, 4, 7, 5, 7],
  '7': [7, 1, 1, 1, 1],
  '8': [7, 5, 7, 5, 7],
  '9': [7, 5, 7, 1, 7],
  ':': [0, 4, 0, 4, 0],
};

class Raster {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3).fill(0xff);
  }

  /** A filled rectangle, clipped to the picture; `striped` leaves every other diagonal band white. */
  rect(x: number, y: number, w: number, h: number, colour: Rgb, striped = 0): void {
    const left = Math.max(0, Math.round(x));
    const top = Math.max(0, Math.round(y));
    const right = Math.min(this.width, Math.round(x + w));
    const bottom = Math.min(this.height, Math.round(y + h));
    for (let row = top; row < bottom; row++) {
      for (let column = left; column < right; column++) {
        const paint = striped === 0 || Math.floor((column + row) / striped) % 2 === 0 ? colour : WHITE;
        this.pixels.set(paint, (row * this.width + column) * 3);
      }
    }
  }

  /** Text in the pixel font, `size` pixels per font pixel; returns its width. */
  text(x: number, y: number, words: string, size: number, colour: Rgb): number {
    let at = x;
    for (const character of words) {
      const glyph = GLYPHS[character];
      if (glyph) glyph.forEach((bits, row) => [4, 2, 1].forEach((bit, column) => bits & bit && this.rect(at + column * size, y + row * size, size, size, colour)));
      at += advance(character) * size;
    }
    return textWidth(words, size);
  }
}

/** Font pixels from one character's start to the next's: its width and one of space. */
const advance = (character: string) => (character === ':' ? 2 : 4);

export function textWidth(words: string, size: number): number {
  return Math.max(0, [...words].reduce((sum, character) => sum + advance(character), 0) * size - size);
}

/** A round step for grid lines near a quarter of `max` (1, 2, 5, 10, 20, …). */
export function gridStep(max: number): number {
  const rough = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  return ([1, 2, 5, 10] as const).map((factor) => factor * power).find((step) => step >= rough)!;
}

export function drawBarChart({ series, labels = [], width = 560, height = 220, scale = 2 }: BarChartInput): DrawnChart {
  const raster = new Raster(width * scale, height * scale);
  const bars = Math.max(1, ...series.map((one) => one.values.length));
  const totals = Array.from({ length: bars }, (_, index) => series.reduce((sum, one) => sum + (one.values[index] ?? 0), 0));
  const step = gridStep(Math.max(...totals, 1));
  const top = Math.ceil(Math.max(...totals, 1) / step) * step;
  const font = 2 * scale;
  const plot = { left: (textWidth(String(top), 2) + 10) * scale, top: 10 * scale, right: raster.width - 8 * scale, bottom: raster.height - 22 * scale };
  const plotHeight = plot.bottom - plot.top;
  const y = (value: number) => plot.bottom - (value / top) * plotHeight;

  for (let value = 0; value <= top; value += step) {
    raster.rect(plot.left, Math.round(y(value)), plot.right - plot.left, scale, GRID);
    raster.text(plot.left - 6 * scale - textWidth(String(value), font), Math.round(y(value)) - 2 * font, String(value), font, INK);
  }

  const slot = (plot.right - plot.left) / bars;
  const barWidth = Math.max(scale, Math.floor(slot * 0.78));
  for (let index = 0; index < bars; index++) {
    const x = plot.left + index * slot + (slot - barWidth) / 2;
    let base = 0;
    series.forEach((one, position) => {
      const value = one.values[index] ?? 0;
      if (value <= 0) return;
      const from = y(base);
      const to = y(base + value);
      raster.rect(x, to, barWidth, from - to, SERIES_COLOURS[position % SERIES_COLOURS.length]!, position % 2 === 1 ? 3 * scale : 0);
      base += value;
    });
  }
  raster.rect(plot.left, plot.bottom, plot.right - plot.left, scale, AXIS);

  for (const { index, text } of labels) {
    const x = plot.left + index * slot;
    raster.rect(x, plot.bottom, scale, 4 * scale, AXIS);
    raster.text(Math.min(raster.width - textWidth(text, font), Math.max(0, x - textWidth(text, font) / 2)), plot.bottom + 8 * scale, text, font, INK);
  }
  return { png: encodePng(raster.width, raster.height, raster.pixels), width, height };
}
