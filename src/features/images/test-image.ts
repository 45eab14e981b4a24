// A valid images/{id} document for tests.
import type { ImageDocument } from './images';

export function imageDocument(createdAt: Date): ImageDocument {
  return {
    file: {
      bucket: 'test',
      generation: '1',
      metageneration: '1',
      fullPath: 'images/test.png',
      name: 'test.png',
      size: 1,
      timeCreated: createdAt.toISOString(),
      updated: createdAt.toISOString(),
      md5Hash: 'x',
      cacheControl: null,
      contentDisposition: null,
      contentEncoding: null,
      contentLanguage: null,
      contentType: 'image/png',
      customMetadata: {},
    },
    url: 'https://example.invalid/test.png',
    width: 1,
    height: 1,
    alt: { en: '', de: '' },
    tags: [],
    uploaderUid: 'test',
    updatedBy: null,
    createdAt,
    updatedAt: createdAt,
  };
}
