import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
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

  it("moves a data directory of one table into a table per collection, makes the declared indexes when it opens, and drops those no longer declared", async () => {
    const file = join(root, 'indexes', 'documents.sqlite');
    mkdirSync(dirname(file), { recursive: true });
    // A data directory of an earlier version: every collection in one table, an index made when a query first ran.
    const old = new Database(file);
    old.exec(`CREATE TABLE documents (collection TEXT NOT NULL, id TEXT NOT NULL, data TEXT NOT NULL, version INTEGER NOT NULL, create_time INTEGER NOT NULL, update_time INTEGER NOT NULL, PRIMARY KEY (collection, id)) WITHOUT ROWID;
      CREATE TABLE commit_sequence (only INTEGER PRIMARY KEY CHECK (only = 1), value INTEGER NOT NULL);
      INSERT INTO commit_sequence (only, value) VALUES (1, 31);
      CREATE INDEX "field_admissions__eventId" ON documents (json_extract(data, '$."eventId"')) WHERE collection = 'admissions';`);
    const insert = old.prepare('INSERT INTO documents VALUES (?, ?, ?, ?, 0, 0)');
    for (let i = 0; i < 30; i++) insert.run('admissions', `a${i}`, JSON.stringify({ eventId: `event-${i % 3}`, at: { __ts: i * 1000 } }), i + 1);
    insert.run('others', 'o1', JSON.stringify({ eventId: 'event-1' }), 31);
    old.close();
    // Then opened with an index declared that is declared no more.
    await new SqliteDocuments(file, { indexes: [{ collection: 'admissions', fields: ['at'] }] }).close();

    const documents = new SqliteDocuments(file, { indexes, queryPlans: 'strict' });
    expect(await documents.collection(Admission).where('eventId', '==', 'event-1').count()).toBe(10);
    expect((await documents.collection(Admission).where('eventId', '==', 'event-2').orderBy('at', 'desc').limit(3).get()).map((doc) => doc.id)).toEqual(['a29', 'a26', 'a23']);
    expect((await documents.collection(Other).doc('o1').get()).data).toEqual({ eventId: 'event-1' });
    // Versions go on from where the old sequence stood: a read before the move is still checked.
    await documents.collection(Admission).doc('a0').update({ eventId: 'event-9' });

    const raw = new Database(file, { readonly: true });
    try {
      const tables = raw.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
      expect(tables.map((table) => table.name)).toEqual(['commit_sequence', 'docs:admissions', 'docs:others']);
      const made = raw.prepare("SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").all() as { name: string; tbl_name: string }[];
      expect(made).toEqual([
        { name: 'idx_admissions__eventId', tbl_name: 'docs:admissions' },
        { name: 'idx_admissions__eventId__at', tbl_name: 'docs:admissions' },
      ]);
      expect((raw.prepare('SELECT version FROM "docs:admissions" WHERE id = ?').get('a0') as { version: number }).version).toBeGreaterThan(31);
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

  it('answers a query that selects the fields its index covers from the index, as it would from the documents', async () => {
    const Member = defineCollection('members', z.object({ active: z.boolean(), lang: z.string().nullable(), since: z.date(), card: z.object({ until: z.date(), tier: z.string() }).nullable(), note: z.string().optional() }));
    const covering = new SqliteDocuments(':memory:', { indexes: [{ collection: 'members', fields: ['active'], covers: ['lang', 'card', 'note'] }], queryPlans: 'strict' });
    const plain = new SqliteDocuments(':memory:', { indexes: [{ collection: 'members', fields: ['active'] }], queryPlans: 'strict' });
    try {
      for (const documents of [covering, plain]) {
        const batch = documents.batch();
        batch.set(documents.collection(Member).doc('m1'), { active: true, lang: 'de', since: new Date(1), card: { until: new Date(2), tier: 'gold' }, note: 'hi' });
        batch.set(documents.collection(Member).doc('m2'), { active: true, lang: null, since: new Date(3), card: null });
        batch.set(documents.collection(Member).doc('m3'), { active: false, lang: 'en', since: new Date(4), card: null });
        await batch.commit();
      }
      const read = async (documents: SqliteDocuments) => (await documents.collection(Member).where('active', '==', true).select('lang', 'card', 'note').get()).map((snapshot) => [snapshot.id, snapshot.data, snapshot.updateTime instanceof Date]);
      expect(await read(covering)).toEqual([
        ['m1', { lang: 'de', card: { until: new Date(2), tier: 'gold' }, note: 'hi' }, true],
        ['m2', { lang: null, card: null }, true],
      ]);
      expect(await read(covering)).toEqual(await read(plain));
      // A transaction that read through the index is retried after a write of what it read, as after any read.
      const once = vi.fn();
      await covering.runTransaction(async (tx) => {
        const [first] = await tx.query(covering.collection(Member).where('active', '==', true).select('lang'));
        once();
        if (once.mock.calls.length === 1) await covering.collection(Member).doc(first!.id).update({ lang: 'it' });
        tx.update(covering.collection(Member).doc('m3'), { lang: first!.data.lang });
      });
      expect(once).toHaveBeenCalledTimes(2);
      expect((await covering.collection(Member).doc('m3').get()).data!.lang).toBe('it');
      // A query that also filters on a field the index does not hold reads the documents.
      expect((await covering.collection(Member).where('active', '==', true).where('lang', '==', 'it').select('note').get()).map((snapshot) => snapshot.id)).toEqual(['m1']);
    } finally {
      await covering.close();
      await plain.close();
    }
  });
});

describe('creates', () => {
  const Guest = defineCollection('guests', z.object({ name: z.string() }));

  it('refuses a second create of an id, also one made earlier in the same batch, and writes nothing of that batch', async () => {
    const documents = new SqliteDocuments(':memory:');
    try {
      const changes: string[] = [];
      documents.onChange((change) => changes.push(`${change.type} ${change.id}`));
      await documents.collection(Guest).doc('g1').create({ name: 'Mia' });
      const batch = documents.batch().create(documents.collection(Guest).doc('g2'), { name: 'Kai' }).create(documents.collection(Guest).doc('g2'), { name: 'Kai again' });
      await expect(batch.commit()).rejects.toMatchObject({ code: 'already-exists', path: 'guests/g2' });
      expect((await documents.collection(Guest).doc('g2').get()).exists).toBe(false);
      await expect(documents.collection(Guest).doc('g1').create({ name: 'Mia again' })).rejects.toMatchObject({ code: 'already-exists' });
      expect((await documents.collection(Guest).doc('g1').get()).data).toEqual({ name: 'Mia' });
      expect(changes).toEqual(['created g1']);
    } finally {
      await documents.close();
    }
  });
});
