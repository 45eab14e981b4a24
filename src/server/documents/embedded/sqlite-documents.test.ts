import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCollection } from '../port';
import { documentsContract } from '../documents.contract';
import { SqliteDocuments } from './sqlite-documents';

const root = mkdtempSync(join(tmpdir(), 'documents-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;

documentsContract('embedded (SQLite)', {
  async open() {
    count += 1;
    return new SqliteDocuments(join(root, `store-${count}`, 'documents.sqlite'));
  },
  async reopen(documents) {
    const file = (documents as SqliteDocuments).file;
    await documents.close();
    return new SqliteDocuments(file);
  },
});

describe('indexes of single fields, made as Firestore has them', () => {
  const Admission = defineCollection('admissions', z.object({ eventId: z.string(), at: z.date() }));
  const Other = defineCollection('others', z.object({ eventId: z.string() }));

  it("indexes a field the first time a query filters on it, over that collection's documents only", async () => {
    const file = join(root, 'indexes', 'documents.sqlite');
    const documents = new SqliteDocuments(file);
    for (let i = 0; i < 30; i++) await documents.collection(Admission).doc(`a${i}`).create({ eventId: `event-${i % 3}`, at: new Date(i * 1000) });
    await documents.collection(Other).doc('o1').create({ eventId: 'event-1' });

    expect(await documents.collection(Admission).where('eventId', '==', 'event-1').count()).toBe(10);
    expect((await documents.collection(Admission).where('eventId', '==', 'event-2').orderBy('at', 'desc').limit(3).get()).map((doc) => doc.id)).toEqual(['a29', 'a26', 'a23']);

    const raw = new Database(file, { readonly: true });
    try {
      const indexes = raw.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name LIKE 'field_%'").all() as { name: string; sql: string }[];
      expect(indexes.map((index) => index.name)).toEqual(['field_admissions__eventId']);
      expect(indexes[0]!.sql).toContain("WHERE collection = 'admissions'");
      const plan = raw
        .prepare(`EXPLAIN QUERY PLAN SELECT id FROM documents WHERE collection = 'admissions' AND COALESCE(json_extract(data, '$."eventId"."__ts"'), json_extract(data, '$."eventId"')) = ?`)
        .all('event-1') as { detail: string }[];
      expect(plan.map((step) => step.detail).join(' ')).toContain('field_admissions__eventId');
    } finally {
      raw.close();
      await documents.close();
    }
  });
});
