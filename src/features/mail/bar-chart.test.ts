// The mail's chart as a mail program reads it: a valid PNG (signature, chunks with their CRCs, the
// IHDR's size, the pixels inflated back), white around, each door's bars in its colour and as high
// as its arrivals, stacked.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, encodePng } from './png';
import { drawBarChart, gridStep, SERIES_COLOURS } from './bar-chart';

interface Decoded {
  width: number;
  height: number;
  pixel: (x: number, y: number) => [number, number, number];
}

/** A reader of the PNGs encodePng writes (8-bit RGB, no interlace, rows of filter type None), checking every CRC. */
function decodePng(png: Buffer): Decoded {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length), `CRC of ${type}`).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    chunks.push({ type, data });
    at += 12 + length;
  }
  expect(chunks.map((one) => one.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const header = chunks[0]!.data;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  expect([...header.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
  const raw = inflateSync(chunks[1]!.data);
  expect(raw.length).toBe((width * 3 + 1) * height);
  return {
    width,
    height,
    pixel: (x, y) => {
      const row = y * (width * 3 + 1);
      expect(raw[row]).toBe(0);
      const at = row + 1 + x * 3;
      return [raw[at]!, raw[at + 1]!, raw[at + 2]!];
    },
  };
}

describe('PNG pictures for mails', () => {
  it('computes the CRC-32 PNG chunks carry', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.from('IEND'))).toBe(0xae426082);
  });

  it('encodes pixels a reader gets back', () => {
    const pixels = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30]);
    const picture = decodePng(encodePng(2, 2, pixels));
    expect([picture.width, picture.height]).toEqual([2, 2]);
    expect(picture.pixel(0, 0)).toEqual([255, 0, 0]);
    expect(picture.pixel(1, 1)).toEqual([10, 20, 30]);
    expect(() => encodePng(2, 2, new Uint8Array(3))).toThrow(RangeError);
  });

  it('picks round grid steps', () => {
    expect([1, 4, 5, 9, 30, 42, 180, 1000].map(gridStep)).toEqual([1, 1, 2, 5, 10, 20, 50, 500]);
  });
});

describe('the arrivals chart', () => {
  // Four bars: door one 10, 0, 4, 0; door two 0, 10, 4, 0.
  const chart = drawBarChart({ series: [{ values: [10, 0, 4, 0] }, { values: [0, 10, 4, 0] }], labels: [{ index: 0, text: '22:00' }], width: 200, height: 120, scale: 1 });
  const picture = decodePng(chart.png);
  // The row just above the axis (22 pixels from the bottom); the bars of door one in it (the first
  // and third) give where the bars stand and how far apart.
  const bottom = 120 - 22 - 1;
  const runs: number[] = [];
  for (let x = 1; x < 200; x++) {
    const here = picture.pixel(x, bottom).join() === SERIES_COLOURS[0]!.join();
    if (here && picture.pixel(x - 1, bottom).join() !== SERIES_COLOURS[0]!.join()) runs.push(x);
  }
  const column = (bar: number) => Math.round(runs[0]! + 4 + ((runs[1]! - runs[0]!) / 2) * bar);

  it('is as large as asked, white around the bars, and small', () => {
    expect([picture.width, picture.height, chart.width, chart.height]).toEqual([200, 120, 200, 120]);
    expect(picture.pixel(0, 0)).toEqual([255, 255, 255]);
    expect(picture.pixel(199, 119)).toEqual([255, 255, 255]);
    expect(chart.png.length).toBeLessThan(4000);
  });

  it('draws each door in its colour, as high as its arrivals, stacked, the second striped', () => {
    const [first, second] = SERIES_COLOURS;
    expect(runs).toHaveLength(2);
    expect(picture.pixel(column(0), bottom)).toEqual(first);
    // A bar of 10 reaches the top of a grid of 10 (88 pixels high): 90 % of the way up is still bar.
    expect(picture.pixel(column(0), bottom - 78)).toEqual(first);
    // The second door's bar is striped: its colour and white alternate along the bar.
    const second10 = Array.from({ length: 20 }, (_, step) => picture.pixel(column(1), bottom - 10 - step));
    expect(second10).toContainEqual(second);
    expect(second10).toContainEqual([255, 255, 255]);
    // The third bar stacks 4 + 4: door one below, door two above, up to 8 of 10.
    expect(picture.pixel(column(2), bottom - 10)).toEqual(first);
    expect(picture.pixel(column(2), bottom - 50)).not.toEqual(first);
    expect(picture.pixel(column(2), bottom - 80)).toEqual([255, 255, 255]);
    // No arrivals, no bar.
    expect(picture.pixel(column(3), bottom - 10)).toEqual([255, 255, 255]);
  });

  it('draws at twice the size for sharp screens by default, shown at the size asked', () => {
    const sharp = drawBarChart({ series: [{ values: [1, 2, 3] }] });
    const drawn = decodePng(sharp.png);
    expect([drawn.width, drawn.height, sharp.width, sharp.height]).toEqual([1120, 440, 560, 220]);
  });
});
