import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
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
