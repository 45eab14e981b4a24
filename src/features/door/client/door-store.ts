// What a door phone keeps in IndexedDB (`venue-door`, decision 043):
// - `lists`: each event's door list as last fetched, with the clock offset measured then; deleted
//   when the event ends and when someone signs out on this phone.
// - `photos`: the listed members' photos, for the face check without signal; they go with the lists.
// - `passages`: who this phone admitted or let out tonight, so a second scan here is "Already
//   admitted" before the next list knows it; they go with the lists.
// - `queue`: scans decided without signal, each written with durability "strict" before its verdict
//   shows, removed only when the server has recorded it. It stays when someone signs out (the
//   venue's record of who came in must still reach the server); it holds no names or photos.
import type { OfflineDecision } from '../door.inputs';
import type { DoorList } from '../door-list';
import type { LocalPassage } from './offline-verdict';

const DB_NAME = 'venue-door';
type Store = 'lists' | 'photos' | 'passages' | 'queue';

export interface StoredList {
  eventId: string;
  list: DoorList;
  /** Server time minus this phone's time when the list arrived (ms), half the request's time either way. */
  offsetMs: number;
  /** This phone's wall clock and monotonic clock at that moment: a clock moved since shows as a difference. */
  wallAt: number;
  monotonicAt: number;
  /** performance.timeOrigin at that moment: the monotonic clock is comparable only within one page. */
  origin: number;
}

/** A scan decided here and not yet recorded by the server, exactly as it will be uploaded. */
export type QueuedScan = Omit<OfflineDecision, 'decidedAt' | 'listAt'> & { decidedAt: Date; listAt: Date };

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('lists', { keyPath: 'eventId' });
      db.createObjectStore('photos', { keyPath: 'url' });
      db.createObjectStore('passages', { keyPath: ['eventId', 'uid'] }).createIndex('eventId', 'eventId');
      db.createObjectStore('queue', { keyPath: 'nonce' });
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

/** Every scan waiting for the server, in the order they were decided. */
export async function queuedScans(): Promise<QueuedScan[]> {
  const all = await transact(['queue'], 'readonly', (tx) => request(tx.objectStore('queue').getAll() as IDBRequest<QueuedScan[]>));
  return all.sort((a, b) => a.decidedAt.getTime() - b.decidedAt.getTime());
}

/** The server has recorded these scans: they leave the queue. */
export async function removeQueued(nonces: readonly string[]): Promise<void> {
  if (!nonces.length) return;
  await transact(['queue'], 'readwrite', (tx) => nonces.forEach((nonce) => tx.objectStore('queue').delete(nonce)), 'strict');
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

/** Signing out: the lists, photos and passages go; the queue stays until the server has it. */
export async function forgetDoorLists(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const names = await indexedDB.databases?.().catch(() => []);
  if (names && !names.some((db) => db.name === DB_NAME)) return;
  await transact(['lists', 'photos', 'passages'], 'readwrite', (tx) => {
    tx.objectStore('lists').clear();
    tx.objectStore('photos').clear();
    tx.objectStore('passages').clear();
  });
}
