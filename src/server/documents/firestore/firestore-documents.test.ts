// The documents contract on the Firestore adapter. Where a real Firestore emulator is reachable
// (FIRESTORE_EMULATOR_HOST=127.0.0.1:8080, `npm run test:firebase`) every test runs against it.
// Everywhere else (`npm test`) it runs against the in-process stand-in, a fresh one per test,
// and the tests the stand-in cannot pass are skipped with the name of the gap.
import { afterEach, describe, expect, it, vi, onTestFinished } from 'vitest';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { startFirestoreStandIn, type StandIn } from '@/server/testing/firestore-stand-in';
import { documentsContract } from '../documents.contract';
import { FirestoreDocuments, LISTEN_RETRY_MS } from './firestore-documents';
import { defineCollection } from '../port';
import { z } from 'zod';
import { STAND_IN_GAPS } from './stand-in-gaps';
import { readLog } from '@/server/log';

const emulator = process.env.FIRESTORE_EMULATOR_HOST;
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-venue';
let count = 0;

/** A firebase-admin Firestore on `host`, with a close that also ends its app. */
function adminFirestore(host: string): { firestore: Firestore; close: () => Promise<void> } {
  const app = initializeApp({ projectId }, `contract-${++count}`);
  const firestore = getFirestore(app);
  firestore.settings({ host, ssl: false, ignoreUndefinedProperties: true });
  return { firestore, close: () => deleteApp(app) };
}

function wrap(firestore: Firestore, after: () => Promise<void>): FirestoreDocuments {
  const documents = new FirestoreDocuments(firestore);
  const close = documents.close.bind(documents);
  documents.close = async () => {
    await close();
    await after();
  };
  return documents;
}

if (emulator) {
  documentsContract(`Firestore (emulator at ${emulator})`, {
    async open() {
      // Every test starts from an empty database.
      await fetch(`http://${emulator}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' });
      const { firestore, close } = adminFirestore(emulator);
      return wrap(firestore, close);
    },
  });
} else {
  console.info(
    `Firestore documents contract on the in-process stand-in; ${Object.keys(STAND_IN_GAPS).length} tests skipped for its gaps:\n` +
      Object.entries(STAND_IN_GAPS)
        .map(([title, gap]) => `  - ${title}: ${gap}`)
        .join('\n'),
  );
  documentsContract('Firestore (in-process stand-in)', {
    gaps: STAND_IN_GAPS,
    async open() {
      const standIn = await startFirestoreStandIn();
      const { firestore, close } = adminFirestore(standIn.host);
      return wrap(firestore, async () => {
        await close();
        standIn.stop();
      });
    },
  });

  // The patch in patches/ (decision 019) is what lets sign-in write its user document: without
  // it the stand-in drops every transform after the first server timestamp of a write.
  describe('Firestore stand-in: the install-time patch', () => {
    let standIn: StandIn | undefined;
    let close: (() => Promise<void>) | undefined;
    afterEach(async () => {
      await close?.();
      standIn?.stop();
    });

    it('applies every transform of a write, not only the first', async () => {
      standIn = await startFirestoreStandIn();
      const admin = adminFirestore(standIn.host);
      close = admin.close;
      const ref = admin.firestore.collection('patch_check').doc('a');
      await ref.set({ createdAt: FieldValue.serverTimestamp(), tags: ['x'], lastSignInAt: FieldValue.serverTimestamp() });
      await ref.update({ tags: FieldValue.arrayUnion('y'), seenAt: FieldValue.serverTimestamp() });
      const data = (await ref.get()).data();
      expect(Object.keys(data ?? {}).sort(), 'run `npm install` so that patch-package applies patches/').toEqual(['createdAt', 'lastSignInAt', 'seenAt', 'tags']);
      expect(data!.tags).toEqual(['x', 'y']);
    });
  });
}

describe("other servers' writes: a failed listener", () => {
  /** A Firestore whose every query and document is one fake that records each listener started. */
  function fakeFirestore() {
    const listeners: { next: () => void; failed: (error: Error) => void; stopped: boolean }[] = [];
    const target: Record<string, unknown> = {};
    for (const method of ['collection', 'doc', 'where', 'orderBy', 'limit']) target[method] = () => target;
    target.onSnapshot = (next: () => void, failed: (error: Error) => void) => {
      const listener = { next, failed, stopped: false };
      listeners.push(listener);
      return () => (listener.stopped = true);
    };
    return { firestore: target as unknown as Firestore, listeners };
  }
  const Notes = defineCollection('notes', z.object({ uid: z.string() }));

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is started again after a growing wait, each failure logged once; the first snapshot after a failure counts as a change; stopping ends the retries', async () => {
    vi.useFakeTimers();
    // The log's lines while the listener fails (each failure once).
    const lines: string[] = [];
    const stopReading = readLog((line) => lines.push(line));
    onTestFinished(stopReading);
    const { firestore, listeners } = fakeFirestore();
    const documents = new FirestoreDocuments(firestore);
    let woken = 0;
    const stop = documents.onOtherWrites(documents.collection(Notes).where('uid', '==', 'ada').limit(1), () => (woken += 1));

    listeners[0]!.next(); // the present
    listeners[0]!.next(); // a change
    expect(woken).toBe(1);
    listeners[0]!.failed(new Error('UNAVAILABLE'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ severity: 'ERROR', listening: 'notes' });
    await vi.advanceTimersByTimeAsync(LISTEN_RETRY_MS[0] - 1);
    expect(listeners).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(listeners).toHaveLength(2);
    // Failing again at once: a longer wait, logged once more.
    listeners[1]!.failed(new Error('UNAVAILABLE'));
    expect(lines).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(LISTEN_RETRY_MS[1] - 1);
    expect(listeners).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(listeners).toHaveLength(3);
    // Back: writes may have been missed meanwhile, so its first snapshot wakes the feed.
    listeners[2]!.next();
    expect(woken).toBe(2);
    listeners[2]!.next();
    expect(woken).toBe(3);

    listeners[2]!.failed(new Error('UNAVAILABLE'));
    stop();
    await vi.advanceTimersByTimeAsync(LISTEN_RETRY_MS.at(-1)!);
    expect(listeners).toHaveLength(3);
    expect(lines).toHaveLength(3);
  });

  it('on one document too', () => {
    const { firestore, listeners } = fakeFirestore();
    const documents = new FirestoreDocuments(firestore);
    let woken = 0;
    const stop = documents.onOtherWrites(documents.collection(Notes).doc('n1'), () => (woken += 1));
    listeners[0]!.next();
    listeners[0]!.next();
    expect(woken).toBe(1);
    stop();
    expect(listeners[0]!.stopped).toBe(true);
  });
});
