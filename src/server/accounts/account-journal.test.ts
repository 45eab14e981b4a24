// The account journal of the embedded backend (scripts/account-journal.mjs, decision 029): an
// account change is on disk before it is acknowledged, and a damaged snapshot never stops a start.
import { existsSync, mkdtempSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { accountJournal, changesAccounts, loadSnapshot, saveSnapshot, snapshotPaths } from '../../../scripts/account-journal.mjs';

const exportOf = (...uids: string[]) => JSON.stringify({ kind: 'identitytoolkit#DownloadAccountResponse', users: uids.map((localId) => ({ localId, email: `${localId}@example.org` })) });

describe('account snapshots on disk', () => {
  it('reads the newest snapshot, and after a truncated write the previous good one, saying so in one line', () => {
    const authDir = mkdtempSync(join(tmpdir(), 'venue-journal-'));
    saveSnapshot(authDir, exportOf('a'), '{}');
    saveSnapshot(authDir, exportOf('a', 'b'), '{}');
    expect(loadSnapshot(authDir)).toMatchObject({ users: [{ localId: 'a' }, { localId: 'b' }], recovered: null });

    // A crash (or a full disk) leaves the newest file cut off in the middle.
    const { accounts } = snapshotPaths(authDir);
    truncateSync(accounts, readFileSync(accounts).length - 10);
    const loaded = loadSnapshot(authDir);
    expect(loaded.users.map((user) => user.localId)).toEqual(['a']);
    expect(loaded.recovered).toMatch(/^Accounts: the newest snapshot was truncated or damaged; recovered the previous one \(1 accounts\)/);
    expect(loaded.recovered).not.toContain('\n');
    // The damaged file is kept for a person to look at, outside what the emulator would import.
    expect(readdirSync(join(authDir, 'damaged'))).toHaveLength(1);
    expect(existsSync(accounts)).toBe(false);
  });

  it('starts from the previous snapshot when the newest is missing, and ignores a temporary file a crash left', () => {
    const authDir = mkdtempSync(join(tmpdir(), 'venue-journal-'));
    saveSnapshot(authDir, exportOf('a'), null);
    saveSnapshot(authDir, exportOf('a', 'b'), null);
    const { accounts } = snapshotPaths(authDir);
    writeFileSync(`${accounts}.tmp-123`, '{"users": [');
    expect(loadSnapshot(authDir)).toMatchObject({ users: [{}, {}], recovered: null });
    expect(readdirSync(join(authDir, 'auth_export'))).not.toContain('accounts.json.tmp-123');
  });

  it('starts empty, without a message, on a fresh DATA_DIR', () => {
    expect(loadSnapshot(mkdtempSync(join(tmpdir(), 'venue-journal-')))).toEqual({ users: [], config: null, recovered: null });
  });

  it('tells changes from reads among the emulator calls', () => {
    const table: [string, string, boolean][] = [
      ['POST', '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=x', true],
      ['POST', '/identitytoolkit.googleapis.com/v1/accounts:update?key=x', true],
      ['POST', '/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink?key=x', true],
      ['POST', '/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=x', true],
      ['POST', '/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=x', true],
      ['POST', '/identitytoolkit.googleapis.com/v1/projects/p/accounts:update', true],
      ['POST', '/identitytoolkit.googleapis.com/v1/projects/p/accounts:delete', true],
      ['DELETE', '/emulator/v1/projects/p/accounts', true],
      ['POST', '/identitytoolkit.googleapis.com/v1/accounts:lookup?key=x', false],
      ['POST', '/identitytoolkit.googleapis.com/v1/projects/p/accounts:lookup', false],
      ['POST', '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=x', false],
      ['POST', '/securetoken.googleapis.com/v1/token?key=x', false],
      ['POST', '/identitytoolkit.googleapis.com/v1/projects/p:createSessionCookie', false],
      ['GET', '/emulator/v1/projects/p/oobCodes', false],
    ];
    for (const [method, url, changes] of table) expect(changesAccounts(method, url), `${method} ${url}`).toBe(changes);
  });
});

describe('the journal in front of the emulator', () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  /** An emulator stand-in: sign-up adds an account, batchGet lists them. */
  async function fakeEmulator() {
    const uids: string[] = [];
    const server = http.createServer((request, response) => {
      if (request.url!.includes('accounts:signUp')) {
        const uid = `u${uids.length + 1}`;
        uids.push(uid);
        response.end(JSON.stringify({ localId: uid }));
      } else if (request.url!.includes('accounts:batchGet')) response.end(exportOf(...uids));
      else response.end('{}');
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return `127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('answers a sign-up only once the account is in the snapshot on disk, and shares one snapshot among changes made together', async () => {
    const authDir = mkdtempSync(join(tmpdir(), 'venue-journal-'));
    const journal = accountJournal({ upstream: await fakeEmulator(), projectId: 'demo-test', authDir });
    const proxy = await journal.proxy('127.0.0.1', 0);
    servers.push(proxy);
    const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const signUp = async () => {
      const answer = (await (await fetch(`${base}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=x`, { method: 'POST', body: '{}' })).json()) as { localId: string };
      // At the moment of the answer, the account is on disk.
      expect(loadSnapshot(authDir).users.map((user) => user.localId)).toContain(answer.localId);
      return answer.localId;
    };
    const uids = await Promise.all(Array.from({ length: 20 }, signUp));
    expect(new Set(uids).size).toBe(20);
    expect(journal.stats.snapshots).toBeLessThan(20);
    // Reads pass without a snapshot.
    const before = journal.stats.snapshots;
    await fetch(`${base}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=x`, { method: 'POST', body: '{}' });
    expect(journal.stats.snapshots).toBe(before);
  });
});
