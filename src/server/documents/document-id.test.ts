import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCollection } from './port';
import { SqliteDocuments } from './embedded/sqlite-documents';
import { DocumentId, isDocumentId } from './document-id';

const ACCEPTED = ['a', 'demo-admin', 'AbCdEfGhIjKlMnOpQrSt', '.hidden', 'a..b', '__x', 'x__', '€'.repeat(500), '😀'.repeat(375), 'x'.repeat(1500), 'ä ö ü'];
const REFUSED = ['', '.', '..', 'a/b', '../../etc/passwd', '__x__', '____', '__a\nb__', 'x'.repeat(1501), '€'.repeat(501), '😀'.repeat(376), '\uD800'];

describe('document ids', () => {
  it.each(ACCEPTED)('accepts %j', (id) => {
    expect(isDocumentId(id)).toBe(true);
    expect(DocumentId.safeParse(id).success).toBe(true);
  });

  it.each(REFUSED)('refuses %j, with the forms\' format message', (id) => {
    expect(isDocumentId(id)).toBe(false);
    expect(DocumentId.safeParse(id).error?.issues[0]?.message).toBe('format');
  });

  it('are refused by the store exactly when the schema refuses them', () => {
    const things = new SqliteDocuments(':memory:').collection(defineCollection('things', z.object({ n: z.number() })));
    for (const id of [...ACCEPTED, ...REFUSED]) {
      const stored = (() => {
        try {
          things.doc(id);
          return true;
        } catch {
          return false;
        }
      })();
      expect(stored, id).toBe(DocumentId.safeParse(id).success);
    }
  });
});
