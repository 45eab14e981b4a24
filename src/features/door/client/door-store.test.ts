// What a door phone keeps in IndexedDB (decision 043), in fake-indexeddb's in-memory IndexedDB: a
// queued scan is on disk with the account that decided it, settles as the server answered (recorded,
// or set aside for good), survives a sign-out and a reload, and a queue written by the release
// before (records without a version, a database without the set-aside store) is read as it was.
import { IDBDatabase as FakeDatabase, IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DoorList } from '../door-list';
import type { QueuedDecision, QueuedScan } from './door-store';

const NIGHT = new Date('2026-03-14T21:00:00Z');
const LIST: DoorList = { eventId: 'tonight', at: NIGHT, doorsAt: NIGHT, endsAt: new Date(NIGHT.getTime() + 6 * 3_600_000), members: [], refusedPasses: [], tickets: [], ticketKey: null };
const ALEX = { uid: 'alex', name: 'Alex' };
const SAM = { uid: 'sam', name: 'Sam' };

function decision(nonce: string, minute: number, extra: Partial<QueuedDecision> = {}): QueuedDecision {
  return { eventId: 'tonight', nonce, mode: 'entry', source: 'manual', uid: `member-${nonce}`, verdict: 'admitted', decidedAt: new Date(NIGHT.getTime() + minute * 60_000), device: 'Front door', listAt: NIGHT, ...extra };
}

function queued(nonce: string, minute: number, by: QueuedScan['by'] = ALEX): QueuedScan {
  return { version: 2, nonce, decision: decision(nonce, minute), by };
}

/** The store's module as a page that has just opened loads it: nothing carried over from before but what is on disk. */
async function freshStore() {
  vi.resetModules();
  return import('./door-store');
}

/** A database as the release before this one left it (version 1: no set-aside store, queue records without a version). */
async function releaseBefore({ lists, queue }: { lists: unknown[]; queue: unknown[] }) {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('venue-door', 1);
    request.onupgradeneeded = () => {
      const created = request.result;
      created.createObjectStore('lists', { keyPath: 'eventId' });
      created.createObjectStore('photos', { keyPath: 'url' });
      created.createObjectStore('passages', { keyPath: ['eventId', 'uid'] }).createIndex('eventId', 'eventId');
      created.createObjectStore('queue', { keyPath: 'nonce' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(['lists', 'queue'], 'readwrite');
    for (const list of lists) tx.objectStore('lists').put(list);
    for (const record of queue) tx.objectStore('queue').put(record);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

describe('the door’s store on the phone', () => {
  beforeEach(() => {
    // A phone of its own for each test.
    vi.stubGlobal('indexedDB', new IDBFactory());
    vi.stubGlobal('IDBKeyRange', IDBKeyRange);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('writes a decided scan to disk, strictly, with the account that decided it, before its verdict shows', async () => {
    const transactions = vi.spyOn(FakeDatabase.prototype, 'transaction');
    const store = await freshStore();
    const scan = queued('n-alex-01', 1);
    await store.enqueue(scan, { eventId: 'tonight', uid: 'member-n-alex-01', admittedAt: scan.decision.decidedAt, firstDoor: 'Front door', inside: true, at: scan.decision.decidedAt });
    expect(transactions).toHaveBeenCalledWith(['queue', 'passages'], 'readwrite', { durability: 'strict' });
    // The page reloads: the scan is there, as decided, with who decided it.
    const reopened = await freshStore();
    expect(await reopened.queuedScans()).toEqual([scan]);
    expect([...(await reopened.loadPassages('tonight')).keys()]).toEqual(['member-n-alex-01']);
  });

  it('gives the queue in the order the scans were decided, whoever decided them', async () => {
    const store = await freshStore();
    await store.enqueue(queued('n-late-001', 9, SAM), null);
    await store.enqueue(queued('n-early-01', 2, ALEX), null);
    await store.enqueue(queued('n-middle-1', 5, SAM), null);
    expect((await store.queuedScans()).map((scan) => scan.nonce)).toEqual(['n-early-01', 'n-middle-1', 'n-late-001']);
    expect(await store.queuedFor('sam')).toBe(2);
    expect(await store.queuedFor('alex')).toBe(1);
    expect(await store.queuedFor('kim')).toBe(0);
  });

  it('settles an upload in one step: recorded scans leave, a refused one is set aside with why, the rest wait', async () => {
    const store = await freshStore();
    for (const [index, nonce] of ['n-first-01', 'n-second-1', 'n-third-01', 'n-fourth-1'].entries()) await store.enqueue(queued(nonce, index), null);
    const [first, second, third] = await store.queuedScans();
    const at = new Date(NIGHT.getTime() + 3_600_000);
    await store.settleQueued({ recorded: [first!.nonce, third!.nonce], setAside: [{ scan: second!, reason: 'refused' }] }, at);
    const reopened = await freshStore();
    expect((await reopened.queuedScans()).map((scan) => scan.nonce)).toEqual(['n-fourth-1']);
    expect(await reopened.setAsideScans()).toEqual([{ ...second, reason: 'refused', setAsideAt: at }]);
  });

  it('keeps a set-aside scan until someone removes it, and puts it back in the queue as it was to send it again', async () => {
    const store = await freshStore();
    await store.enqueue(queued('n-gone-001', 1), null);
    await store.enqueue(queued('n-bad-0001', 2), null);
    const [gone, bad] = await store.queuedScans();
    await store.settleQueued({ setAside: [{ scan: gone!, reason: 'eventGone' }, { scan: bad!, reason: 'refused' }] });
    // The latest first.
    expect((await store.setAsideScans()).map((scan) => [scan.nonce, scan.reason])).toEqual([
      ['n-bad-0001', 'refused'],
      ['n-gone-001', 'eventGone'],
    ]);
    await store.dismissSetAside('n-gone-001');
    await store.requeueSetAside('n-bad-0001');
    expect(await store.setAsideScans()).toEqual([]);
    expect(await store.queuedScans()).toEqual([bad]);
  });

  it('keeps the queue and the set-aside scans when someone signs out, and forgets the lists, photos and passages', async () => {
    const store = await freshStore();
    await store.saveList({ eventId: 'tonight', list: LIST, offsetMs: 0, wallAt: 0, monotonicAt: 0, origin: 0 });
    await store.savePhoto('/api/avatars/member', new Blob(['face']));
    const scan = queued('n-alex-01', 1);
    await store.enqueue(scan, { eventId: 'tonight', uid: 'member-n-alex-01', admittedAt: NIGHT, firstDoor: 'Front door', inside: true, at: new Date(NIGHT.getTime() + 60_000) });
    await store.enqueue(queued('n-alex-02', 2), null);
    const [, refused] = await store.queuedScans();
    await store.settleQueued({ setAside: [{ scan: refused!, reason: 'refused' }] });
    await store.forgetDoorLists();
    const reopened = await freshStore();
    expect(await reopened.loadList('tonight')).toBeUndefined();
    expect(await reopened.keptPhotos()).toEqual(new Set());
    expect((await reopened.loadPassages('tonight')).size).toBe(0);
    expect(await reopened.queuedScans()).toEqual([scan]);
    expect((await reopened.setAsideScans()).map((each) => each.nonce)).toEqual(['n-alex-02']);
  });

  it('makes no database on a phone that never had one, signing out or counting what waits', async () => {
    const store = await freshStore();
    expect(await store.queuedFor('alex')).toBe(0);
    await store.forgetDoorLists();
    expect(await indexedDB.databases()).toEqual([]);
  });

  it('reads a queue the release before wrote (no version, no account) as the scans they were, and upgrades the database around it', async () => {
    const old = decision('n-old-0001', 3, { source: 'keyboard', uid: undefined, code: 'NL2.pass.1.sig' });
    delete old.uid;
    await releaseBefore({ lists: [{ eventId: 'tonight', list: LIST, offsetMs: 12, wallAt: 1, monotonicAt: 2, origin: 3 }], queue: [old] });
    const store = await freshStore();
    const [scan] = await store.queuedScans();
    // Sent as it was decided; uploaded by whoever signs in, as the release before did.
    expect(scan).toEqual({ version: 2, nonce: 'n-old-0001', decision: old, by: null });
    expect(await store.queuedFor('alex')).toBe(0);
    // The rest of the phone's door is as it was, and the new store is there.
    expect((await store.loadList('tonight'))?.offsetMs).toBe(12);
    expect(await store.setAsideScans()).toEqual([]);
    // An old record settles like a new one.
    await store.settleQueued({ setAside: [{ scan: scan!, reason: 'refused' }] });
    expect(await store.queuedScans()).toEqual([]);
    expect((await store.setAsideScans())[0]).toMatchObject({ nonce: 'n-old-0001', decision: old, by: null, reason: 'refused' });
  });

  it('leaves alone a queue record a later release wrote: not read, not removed', async () => {
    const store = await freshStore();
    await store.enqueue({ ...queued('n-future-1', 1), version: 3 } as unknown as QueuedScan, null);
    await store.enqueue(queued('n-today-01', 2), null);
    expect((await store.queuedScans()).map((scan) => scan.nonce)).toEqual(['n-today-01']);
    await store.forgetDoorLists();
    const stored = await new Promise<unknown[]>((resolve) => {
      const request = indexedDB.open('venue-door');
      request.onsuccess = () => {
        const all = request.result.transaction('queue').objectStore('queue').getAll();
        all.onsuccess = () => {
          resolve(all.result);
          request.result.close();
        };
      };
    });
    expect(stored).toHaveLength(2);
  });
});
