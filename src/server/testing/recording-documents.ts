// A documents port that tells of every read it passes on to another: which collection and how many
// documents, counted as Firestore bills them (a query at least one, a count one, a document one).
// For tests that ask what a read touches (and what it listens to for other servers' writes) and
// for benchmarks that count reads; writes, the change feed and the listeners themselves go to the
// wrapped port unchanged.
import type { CollectionRef, DocumentData, DocumentRef, Documents, Query, Transaction } from '@/server/documents/port';
import type { SpecQuery } from '@/server/documents/query';

export interface Read {
  collection: string;
  documents: number;
}

export function recordingDocuments(inner: Documents, onRead: (read: Read) => void, onListen: (collection: string) => void = () => {}): Documents {
  const record = (collection: string, documents: number) => onRead({ collection, documents: Math.max(1, documents) });

  // Proxies keep the adapter's own objects underneath: an adapter that looks inside a query it is
  // given (a transaction's query, a listener's) still finds its own.
  function query<Q extends Query<DocumentData>>(target: Q, collection: string): Q {
    return new Proxy(target, {
      get(object, property) {
        switch (property) {
          case 'where':
          case 'orderBy':
          case 'limit':
          case 'startAfter':
          case 'select':
            return (...args: unknown[]) => query((object[property] as (...a: unknown[]) => Query<DocumentData>)(...args), collection);
          case 'get':
            return async () => {
              const snapshots = await object.get();
              record(collection, snapshots.length);
              return snapshots;
            };
          case 'count':
            return async () => {
              const count = await object.count();
              record(collection, 1);
              return count;
            };
          case 'doc':
            return (id?: string) => ref((object as unknown as CollectionRef<DocumentData>).doc(id));
        }
        const value = Reflect.get(object, property, object) as unknown;
        return typeof value === 'function' ? value.bind(object) : value;
      },
    });
  }

  function ref<R extends DocumentRef<DocumentData>>(target: R): R {
    return new Proxy(target, {
      get(object, property) {
        if (property === 'get') {
          return async () => {
            const snapshot = await object.get();
            record(object.collection.name, 1);
            return snapshot;
          };
        }
        const value = Reflect.get(object, property, object) as unknown;
        return typeof value === 'function' ? value.bind(object) : value;
      },
    });
  }

  function transaction(target: Transaction): Transaction {
    return new Proxy(target, {
      get(object, property) {
        if (property === 'get') {
          return async (document: DocumentRef<DocumentData>) => {
            const snapshot = await object.get(document);
            record(document.collection.name, 1);
            return snapshot;
          };
        }
        if (property === 'query') {
          return async (asked: Query<DocumentData>) => {
            const snapshots = await object.query(asked);
            record((asked as unknown as SpecQuery<DocumentData>).def.name, snapshots.length);
            return snapshots;
          };
        }
        const value = Reflect.get(object, property, object) as unknown;
        return typeof value === 'function' ? value.bind(object) : value;
      },
    });
  }

  return {
    collection: (def) => query(inner.collection(def), def.name),
    batch: () => inner.batch(),
    runTransaction: (work) => inner.runTransaction((tx) => work(transaction(tx))),
    onChange: (listener) => inner.onChange(listener),
    onOtherWrites: (target, listener) => {
      onListen('def' in target ? (target as unknown as SpecQuery<DocumentData>).def.name : (target as DocumentRef<DocumentData>).collection.name);
      return inner.onOtherWrites(target, listener);
    },
    close: () => inner.close(),
  };
}
