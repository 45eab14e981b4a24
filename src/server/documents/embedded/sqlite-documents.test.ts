import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCollection } from '../port';
import { CONTRACT_INDEXES, documentsContract } from '../documents.contract';
import { SqliteDocuments } from './sqlite-documents';

const root = mkdtempSync(join(tmpdir(), 'documents-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;

documentsContract('embedded (SQLite)', {
  async open() {
    count += 1;
    return new SqliteDocuments(join(root, `store-${count}`, 'documents.sqlite'), { indexes: CONTRACT_INDEXES });
  },
  async reopen(documents) {
    const file = (documents as SqliteDocuments).file;
    await documents.close();
    return new SqliteDocuments(file, { indexes: CONTRACT_INDEXES });
  },
});

describe('declared indexes', () => {
  const Admission = defineCollection('admissions', z.object({ eventId: z.string(), at: z.date() }));
  const Other = defineCollection('others', z.object({ eventId: z.string() }));
  const indexes = [
    { collection: 'admissions', fields: ['eventId'] },
    { collection: 'admissions', fields: ['eventId', 'at'] },
  ];

  it("makes the declared indexes when it opens, over their collection's documents only, and drops those no longer declared", async () => {
    const file = join(root, 'indexes', 'documents.sqlite');
    // A data directory of an earlier version: documents, and an index made when a query first ran.
    const before = new SqliteDocuments(file, { indexes: [] });
    for (let i = 0; i < 30; i++) await before.collection(Admission).doc(`a${i}`).create({ eventId: `event-${i % 3}`, at: new Date(i * 1000) });
    await before.collection(Other).doc('o1').create({ eventId: 'event-1' });
    await before.close();
    const old = new Database(file);
    old.exec(`CREATE INDEX "field_admissions__at" ON documents (json_extract(data, '$."at"')) WHERE collection = 'admissions'`);
    old.close();

    const documents = new SqliteDocuments(file, { indexes, queryPlans: 'strict' });
    expect(await documents.collection(Admission).where('eventId', '==', 'event-1').count()).toBe(10);
    expect((await documents.collection(Admission).where('eventId', '==', 'event-2').orderBy('at', 'desc').limit(3).get()).map((doc) => doc.id)).toEqual(['a29', 'a26', 'a23']);

    const raw = new Database(file, { readonly: true });
    try {
      const made = raw.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'documents' AND sql IS NOT NULL ORDER BY name").all() as { name: string; sql: string }[];
      expect(made.map((index) => index.name)).toEqual(['idx_admissions__eventId', 'idx_admissions__eventId__at']);
      expect(made[0]!.sql).toContain("WHERE collection = 'admissions'");
    } finally {
      raw.close();
      await documents.close();
    }
  });

  it('refuses, where plans are checked, a query that no declared index serves', async () => {
    const documents = new SqliteDocuments(':memory:', { indexes: [indexes[0]!], queryPlans: 'strict' });
    try {
      await documents.collection(Admission).doc('a1').create({ eventId: 'event-1', at: new Date(0) });
      expect((await documents.collection(Admission).where('eventId', '==', 'event-1').get()).length).toBe(1);
      await expect(documents.collection(Admission).where('at', '>=', new Date(0)).get()).rejects.toMatchObject({ code: 'failed-precondition' });
      // An order on a field the index does not hold sorts every match: refused too for a page.
      await expect(documents.collection(Admission).where('eventId', '==', 'event-1').orderBy('at').limit(5).get()).rejects.toMatchObject({ code: 'failed-precondition' });
    } finally {
      await documents.close();
    }
  });
});
