// Pictures for the demo data, drawn here (no stock photos, nothing downloaded): stage lights
// over a dark room, in the colours of each night. Deterministic for a given key.
import 'server-only';
import sharp from 'sharp';

export interface DemoPicture {
  width: number;
  height: number;
  /** Two or three colours of the night's light. */
  palette: readonly string[];
  /** Varies the composition; the same seed draws the same picture. */
  seed: number;
}

/** A small, seeded pseudo-random sequence (mulberry32), so pictures are the same on every start. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function svgOf({ width, height, palette, seed }: DemoPicture): string {
  const next = random(seed);
  const colour = (index: number) => palette[index % palette.length]!;
  const beams = Array.from({ length: 5 }, (_, index) => {
    const x = width * (0.1 + 0.8 * next());
    const spread = width * (0.08 + 0.12 * next());
    return `<polygon points="${x},0 ${x - spread},${height} ${x + spread},${height}" fill="${colour(index)}" opacity="${(0.1 + 0.12 * next()).toFixed(2)}"/>`;
  });
  const glows = Array.from({ length: 7 }, (_, index) => {
    const r = height * (0.08 + 0.22 * next());
    return `<circle cx="${(width * next()).toFixed(0)}" cy="${(height * (0.15 + 0.6 * next())).toFixed(0)}" r="${r.toFixed(0)}" fill="${colour(index + 1)}" opacity="${(0.25 + 0.35 * next()).toFixed(2)}"/>`;
  });
  const lamps = Array.from({ length: 6 }, (_, index) => {
    const x = width * ((index + 0.5 + (next() - 0.5) * 0.6) / 6);
    return `<circle cx="${x.toFixed(0)}" cy="${(height * 0.04).toFixed(0)}" r="${(height * 0.05).toFixed(0)}" fill="${colour(index)}" opacity="0.45" filter="url(#soft)"/><circle cx="${x.toFixed(0)}" cy="${(height * 0.04).toFixed(0)}" r="${(height * 0.012).toFixed(0)}" fill="#fff6dc" opacity="0.9"/>`;
  });
  const crowd = Array.from({ length: 26 }, () => {
    const x = width * next();
    const r = height * (0.05 + 0.04 * next());
    return `<circle cx="${x.toFixed(0)}" cy="${(height * (0.93 + 0.05 * next())).toFixed(0)}" r="${r.toFixed(0)}" fill="#07060a"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="room" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#15121c"/><stop offset="1" stop-color="#050407"/></linearGradient>
    <filter id="blur" x="-100%" y="-100%" width="300%" height="300%"><feGaussianBlur stdDeviation="${Math.round(height / 14)}"/></filter>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${Math.round(height / 60)}"/></filter>
  </defs>
  <rect width="100%" height="100%" fill="url(#room)"/>
  <g filter="url(#blur)">${glows.join('')}</g>
  <g filter="url(#soft)">${beams.join('')}</g>
  ${lamps.join('')}
  <rect y="${(height * 0.82).toFixed(0)}" width="100%" height="${(height * 0.18).toFixed(0)}" fill="#050407" opacity="0.8"/>
  ${crowd.join('\n  ')}
</svg>`;
}

/** The picture as a JPEG, as a photo from the venue would arrive. */
export async function drawDemoPicture(picture: DemoPicture): Promise<Uint8Array> {
  // Drawn at a quarter of the pixels and enlarged: the soft light hides it, and blurring is slow.
  const small = { ...picture, width: Math.round(picture.width / 2), height: Math.round(picture.height / 2) };
  // Rendered first, then enlarged: resizing an SVG directly would render it at the full size.
  const rendered = await sharp(Buffer.from(svgOf(small))).png().toBuffer();
  return new Uint8Array(await sharp(rendered).resize(picture.width, picture.height).jpeg({ quality: 82 }).toBuffer());
}
