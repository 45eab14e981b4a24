// The programme's fingerprint on the Firebase backend: the server renders /events from the mirror
// through firebase-admin and sends programmeKey; the browser reads the same mirror with the
// Firebase JS SDK (the programme feed's own query, with Dates as feed-connection.ts makes them) and
// must reach the same key, or every visit would redraw the cards. Against the in-process Firestore
// stand-in (over gRPC), or a real emulator with FIRESTORE_EMULATOR_HOST.
import { afterAll, describe, expect, it } from 'vitest';
import { startFirestoreStandIn, type StandIn } from '@/server/testing/firestore-stand-in';
import { programmeFeed } from './client/live-feeds';
import { withDates } from '@/features/live/client/firestore-values';
import type { PublicEvent } from './public-events';
import { programmeKey, programmeOf } from './programme';

const standIns: StandIn[] = [];
afterAll(() => standIns.forEach((standIn) => standIn.stop()));

describe('programmeKey on Firestore', () => {
  it('is the same for the server’s list and the one the browser reads live', async () => {
    const emulator = process.env.FIRESTORE_EMULATOR_HOST;
    let host = emulator;
    if (!host) {
      const standIn = await startFirestoreStandIn();
      standIns.push(standIn);
      host = standIn.host;
    }
    const [{ initializeApp: initAdmin }, { getFirestore: adminFirestore }] = await Promise.all([import('firebase-admin/app'), import('firebase-admin/firestore')]);
    const firestore = await import('firebase/firestore');
    const { initializeApp } = await import('firebase/app');
    const { FirestoreDocuments } = await import('@/server/documents/firestore/firestore-documents');
    const { listPublicEvents, PublicEvents } = await import('./public-events');

    const projectId = `demo-programme-${Date.now()}`;
    const adminDb = adminFirestore(initAdmin({ projectId }, projectId));
    if (!emulator) adminDb.settings({ host, ssl: false });
    const documents = new FirestoreDocuments(adminDb);
    const at = (iso: string) => new Date(iso);
    const base = {
      summary: { en: 'Music.', de: 'Musik.' },
      description: { en: 'All **night**.', de: '' },
      venue: { name: 'Nordlicht', address: 'Kaistraße 7, 12345 Musterstadt' },
      updatedAt: at('2030-01-02T10:11:12.345Z'),
    };
    await documents.collection(PublicEvents).doc('ball').set({
      ...base,
      slug: 'winter-ball',
      status: 'published',
      title: { en: 'Winter Ball', de: 'Winterball' },
      startsAt: at('2030-12-24T19:00:00Z'),
      endsAt: at('2030-12-25T01:00:00Z'),
      doorsAt: at('2030-12-24T18:00:00Z'),
      cover: { imageId: 'img-1', width: 1600, height: 900, alt: { en: 'Stage', de: 'Bühne' } },
    });
    await documents.collection(PublicEvents).doc('quiz').set({
      ...base,
      slug: 'pub-quiz',
      status: 'cancelled',
      title: { en: 'Pub Quiz', de: 'Kneipenquiz' },
      startsAt: at('2029-03-01T19:00:00Z'),
      endsAt: at('2029-03-01T22:00:00Z'),
      doorsAt: at('2029-03-01T18:30:00Z'),
      cover: null,
    });

    const now = at('2030-06-01T12:00:00Z');
    const server = await listPublicEvents(documents);
    expect(server.map((event) => event.id)).toEqual(['ball', 'quiz']);

    const client = initializeApp({ projectId, apiKey: 'demo-key' }, projectId);
    const db = firestore.getFirestore(client);
    const [hostname, port] = host.split(':');
    firestore.connectFirestoreEmulator(db, hostname!, Number(port));
    const browser = await new Promise<PublicEvent[]>((resolve, reject) => {
      const stop = firestore.onSnapshot(
        programmeFeed.firestore!(firestore, db, undefined),
        (snapshot) => {
          if (snapshot.metadata.fromCache) return;
          stop();
          resolve(snapshot.docs.map((doc) => ({ id: doc.id, ...withDates(doc.data()) }) as PublicEvent));
        },
        reject,
      );
    });

    expect(browser.map((event) => event.id)).toEqual(['ball', 'quiz']);
    expect(programmeKey(programmeOf(browser, now))).toBe(programmeKey(programmeOf(server, now)));
  });
});
