// What a door phone keeps in IndexedDB (`venue-door`, decision 043):
// - `lists`: each event's door list as last fetched, with the clock offset measured then; deleted
//   when the event ends and when someone signs out on this phone.
// - `photos`: the listed members' photos, for the face check without signal; they go with the lists.
// - `passages`: who this phone admitted or let out tonight, so a second scan here is "Already
//   admitted" before the next list knows it; they go with the lists.
// - `queue`: scans decided without signal, each written with durability "strict" before its verdict
//   shows, with the account that decided it, removed only when the server has recorded it. It stays
//   when someone signs out (the venue's record of who came in must still reach the server, sent by
//   the person who decided it when they sign in again); it holds no member's name or photo (only,
//   for "Admit anyway", the reason staff typed).
// - `setAside`: queued scans the server refused for good, moved out of the queue so they never hold
//   up the scans behind them, kept until someone at the door has read them.
import type { OfflineDecision } from '../door.inputs';
import type { DoorList } from '../door-list';
import type { LocalPassage } from './offline-verdict';

const DB_NAME = 'venue-door';
/** 2: the set-aside store (the queue's records carry their own version, read below). */
const DB_VERSION = 2;
type Store = 'lists' | 'photos' | 'passages' | 'queue' | 'setAside';

/** 2: assembled from pages and kept up to date with changes (decision 053); a list without it (a release before) may stop at 5,000 members and is fetched whole again. */
export const STORED_LIST_VERSION = 2;

export interface StoredList {
  eventId: string;
  version?: typeof STORED_LIST_VERSION;
  list: DoorList;
  /** Server time minus this phone's time when the list arrived (ms), half the request's time either way. */
  offsetMs: number;
  /** This phone's wall clock and monotonic clock at that moment: a clock moved since shows as a difference. */
  wallAt: number;
  monotonicAt: number;
  /** performance.timeOrigin at that moment: the monotonic clock is comparable only within one page. */
  origin: number;
}

/** A scan decided here, exactly as it is uploaded. */
export type QueuedDecision = Omit<OfflineDecision, 'decidedAt' | 'listAt'> & { decidedAt: Date; listAt: Date };

/** The account that decided a scan: the only one that uploads it; its name, to say whom the scan waits for. */
export interface Decider {
  uid: string;
  name: string | null;
}

/** The version of the queue's records this code writes. Records without one are version 1. */
export const QUEUE_VERSION = 2;

/** A scan decided here and not yet recorded by the server. */
export interface QueuedScan {
  version: typeof QUEUE_VERSION;
  nonce: string;
  decision: QueuedDecision;
  /**
   * Who decided it. Null for a scan queued before the phone recorded it (version 1): the account
   * that is signed in uploads those, as it always did.
   */
  by: Decider | null;
}

/** Why the server will never record a scan: its event is gone, or it refused the scan itself. */
export type SetAsideReason = 'eventGone' | 'refused';

/** A queued scan the server refused for good, kept for the door to read. */
export interface SetAsideScan extends QueuedScan {
  reason: SetAsideReason;
  setAsideAt: Date;
}

/**
 * A queue record as this code reads it, whatever version wrote it. Version 1 was the decision
 * itself, keyed by its nonce, without an account. A record of a later version (a newer release of
 * the app wrote it) is not this code's to read: it is left on disk, untouched, for that release.
 */
export function readQueued(record: unknown): QueuedScan | null {
  if (typeof record !== 'object' || record === null) return null;
  const { version } = record as { version?: unknown };
  if (version === QUEUE_VERSION) return record as QueuedScan;
  if (version !== undefined) return null;
  const decision = record as QueuedDecision;
  return { version: QUEUE_VERSION, nonce: decision.nonce, decision, by: null };
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    // Stores only: the queue's records are read in any version (readQueued), never rewritten here,
    // so an upgrade cannot fail on a record and leave the door with no store at all.
    request.onupgradeneeded = (event) => {
      const db = request.result;
      if (event.oldVersion < 1) {
        db.createObjectStore('lists', { keyPath: 'eventId' });
        db.createObjectStore('photos', { keyPath: 'url' });
        db.createObjectStore('passages', { keyPath: ['eventId', 'uid'] }).createIndex('eventId', 'eventId');
        db.createObjectStore('queue', { keyPath: 'nonce' });
      }
      if (event.oldVersion < 2) db.createObjectStore('setAside', { keyPath: 'nonce' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * Runs `work` in one transaction over `stores` and resolves when it has committed: with
 * durability "strict", only once the browser says the data is on disk (a crash after that loses
 * nothing).
 */
async function transact<T>(stores: Store[], mode: IDBTransactionMode, work: (tx: IDBTransaction) => T, durability: IDBTransactionDurability = 'default'): Promise<Awaited<T>> {
  const db = await open();
  try {
    const tx = db.transaction(stores, mode, { durability });
    const result = work(tx);
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error('Transaction aborted'));
    });
    return await result;
  } finally {
    db.close();
  }
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export async function loadList(eventId: string): Promise<StoredList | undefined> {
  return transact(['lists'], 'readonly', (tx) => request(tx.objectStore('lists').get(eventId) as IDBRequest<StoredList | undefined>));
}

/** Keeps the event's new list; this phone's passages older than it are what the list says now. */
export async function saveList(stored: StoredList): Promise<void> {
  await transact(['lists', 'passages'], 'readwrite', (tx) => {
    tx.objectStore('lists').put(stored);
    const passages = tx.objectStore('passages');
    const cursor = passages.index('eventId').openCursor(IDBKeyRange.only(stored.eventId));
    cursor.onsuccess = () => {
      const entry = cursor.result;
      if (!entry) return;
      if ((entry.value as LocalPassage).at.getTime() < stored.list.at.getTime()) entry.delete();
      entry.continue();
    };
  });
}

export async function loadPassages(eventId: string): Promise<Map<string, LocalPassage>> {
  const all = await transact(['passages'], 'readonly', (tx) => request(tx.objectStore('passages').index('eventId').getAll(IDBKeyRange.only(eventId)) as IDBRequest<LocalPassage[]>));
  return new Map(all.map((passage) => [passage.uid, passage]));
}

/** Remembers a passage at this door decided online (its verdict is the server's already). */
export async function notePassage(passage: LocalPassage): Promise<void> {
  await transact(['passages'], 'readwrite', (tx) => void tx.objectStore('passages').put(passage));
}

/** Queues a scan decided here, with what it did at this door, on disk before its verdict shows. */
export async function enqueue(scan: QueuedScan, passage: LocalPassage | null): Promise<void> {
  await transact(
    ['queue', 'passages'],
    'readwrite',
    (tx) => {
      tx.objectStore('queue').put(scan);
      if (passage) tx.objectStore('passages').put(passage);
    },
    'strict',
  );
}

/** Every scan waiting for the server, whoever decided it, in the order they were decided. */
export async function queuedScans(): Promise<QueuedScan[]> {
  const all = await transact(['queue'], 'readonly', (tx) => request(tx.objectStore('queue').getAll()));
  return all
    .map(readQueued)
    .filter((scan): scan is QueuedScan => scan !== null)
    .sort((a, b) => a.decision.decidedAt.getTime() - b.decision.decidedAt.getTime());
}

/**
 * What the server answered for uploaded scans: `recorded` leave the queue; `setAside` leave it for
 * the set-aside store, with why. One transaction, on disk before the next upload.
 */
export async function settleQueued({ recorded = [], setAside = [] }: { recorded?: readonly string[]; setAside?: readonly { scan: QueuedScan; reason: SetAsideReason }[] }, now = new Date()): Promise<void> {
  if (!recorded.length && !setAside.length) return;
  await transact(
    ['queue', 'setAside'],
    'readwrite',
    (tx) => {
      for (const nonce of recorded) tx.objectStore('queue').delete(nonce);
      for (const { scan, reason } of setAside) {
        tx.objectStore('queue').delete(scan.nonce);
        tx.objectStore('setAside').put({ ...scan, reason, setAsideAt: now } satisfies SetAsideScan);
      }
    },
    'strict',
  );
}

/** The scans the server refused for good, the latest first. */
export async function setAsideScans(): Promise<SetAsideScan[]> {
  const all = await transact(['setAside'], 'readonly', (tx) => request(tx.objectStore('setAside').getAll() as IDBRequest<SetAsideScan[]>));
  return all.sort((a, b) => b.decision.decidedAt.getTime() - a.decision.decidedAt.getTime());
}

/** Someone at the door has read a set-aside scan: it leaves this phone. */
export async function dismissSetAside(nonce: string): Promise<void> {
  await transact(['setAside'], 'readwrite', (tx) => void tx.objectStore('setAside').delete(nonce));
}

/** A set-aside scan goes back to the queue as it was, to be sent again. */
export async function requeueSetAside(nonce: string): Promise<void> {
  await transact(
    ['queue', 'setAside'],
    'readwrite',
    (tx) => {
      const store = tx.objectStore('setAside');
      const entry = store.get(nonce) as IDBRequest<SetAsideScan | undefined>;
      entry.onsuccess = () => {
        if (!entry.result) return;
        const { reason: _reason, setAsideAt: _setAsideAt, ...scan } = entry.result;
        tx.objectStore('queue').put(scan satisfies QueuedScan);
        store.delete(nonce);
      };
    },
    'strict',
  );
}

/** How many scans wait for this account's upload (for the warning on signing out); 0 on a phone that never kept any. */
export async function queuedFor(uid: string): Promise<number> {
  if (!(await doorStoreExists())) return 0;
  return (await queuedScans()).filter((scan) => scan.by?.uid === uid).length;
}

export async function loadPhoto(url: string): Promise<Blob | undefined> {
  const entry = await transact(['photos'], 'readonly', (tx) => request(tx.objectStore('photos').get(url) as IDBRequest<{ url: string; blob: Blob } | undefined>));
  return entry?.blob;
}

/** The addresses of the photos this phone keeps already. */
export async function keptPhotos(): Promise<Set<string>> {
  const keys = await transact(['photos'], 'readonly', (tx) => request(tx.objectStore('photos').getAllKeys()));
  return new Set(keys.map(String));
}

export async function savePhoto(url: string, blob: Blob): Promise<void> {
  await transact(['photos'], 'readwrite', (tx) => void tx.objectStore('photos').put({ url, blob }));
}

/**
 * Lists of events that have ended go, with their passages; photos no list names any more go too.
 */
export async function forgetEndedLists(now: Date): Promise<void> {
  await transact(['lists', 'passages', 'photos'], 'readwrite', (tx) => {
    const lists = tx.objectStore('lists');
    const all = lists.getAll() as IDBRequest<StoredList[]>;
    all.onsuccess = () => {
      const named = new Set<string>();
      for (const stored of all.result) {
        if (stored.list.endsAt.getTime() <= now.getTime()) {
          lists.delete(stored.eventId);
          tx.objectStore('passages').index('eventId').getAllKeys(IDBKeyRange.only(stored.eventId)).onsuccess = (event) => {
            for (const key of (event.target as IDBRequest<IDBValidKey[]>).result) tx.objectStore('passages').delete(key);
          };
        } else {
          for (const member of stored.list.members) if (member.photoURL) named.add(member.photoURL);
        }
      }
      const photos = tx.objectStore('photos').getAllKeys();
      photos.onsuccess = () => photos.result.filter((url) => !named.has(String(url))).forEach((url) => tx.objectStore('photos').delete(url));
    };
  });
}

/** Whether this phone has the door's database (it is made by the first use, which a sign-out or its warning must not be). */
async function doorStoreExists(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  const names = await indexedDB.databases?.().catch(() => []);
  return !names || names.some((db) => db.name === DB_NAME);
}

/**
 * Signing out: the lists, photos and passages go; the queue stays until the server has it from
 * the person who decided it, and the set-aside scans until someone has read them.
 */
export async function forgetDoorLists(): Promise<void> {
  if (!(await doorStoreExists())) return;
  await transact(['lists', 'photos', 'passages'], 'readwrite', (tx) => {
    tx.objectStore('lists').clear();
    tx.objectStore('photos').clear();
    tx.objectStore('passages').clear();
  });
}
