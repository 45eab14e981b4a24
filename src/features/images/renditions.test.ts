// What a library image offers the browser to choose from: the widths the resizing route answers,
// never wider than the original.
import { describe, expect, it } from 'vitest';
import { libraryImage, renditionUrl } from './renditions';

const alt = { en: 'Stage', de: 'Bühne' };

describe('libraryImage', () => {
  it('offers every served width up to the original, narrowest first', () => {
    const shown = libraryImage({ id: 'img 1', width: 1000, height: 500, alt });
    expect(shown.renditions).toEqual([320, 640, 800, 960].map((width) => ({ url: renditionUrl('img 1', width), width })));
    expect(shown).toMatchObject({ width: 1000, height: 500, alt });
    expect(shown.renditions[0]!.url).toBe('/api/images/img%201?w=320');
  });

  it('serves an original narrower than every width as it is, in the narrowest rendition', () => {
    expect(libraryImage({ id: 'tiny', width: 100, height: 100, alt }).renditions).toEqual([{ url: renditionUrl('tiny', 320), width: 320 }]);
  });
});
