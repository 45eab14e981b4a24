// The Firestore stand-in for tests: `@firestore-emulator/server` (a dev dependency, patched at
// install, see prisma-free-docs/decisions/019-firestore-stand-in.md) speaks Firestore's gRPC API
// to firebase-admin, in this process, in memory. Each caller gets its own server on a free port.
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import type { FirestoreServer as FirestoreServerType } from '@firestore-emulator/server';

// firebase-admin's gRPC client asks Google's auth library for credentials even when it talks to
// an emulator, and that library pings the cloud metadata server (169.254.169.254) to see whether
// it runs on Google Cloud. Tests talk to loopback only: tell it there is no metadata server.
process.env.METADATA_SERVER_DETECTION ??= 'none';

// Its ESM build imports files without extensions, which Node refuses: load the CommonJS build.
const require = createRequire(import.meta.url);
const { FirestoreServer } = require('@firestore-emulator/server') as { FirestoreServer: typeof FirestoreServerType };

export interface StandIn {
  /** host:port, as FIRESTORE_EMULATOR_HOST or `settings({ host })` take it. */
  readonly host: string;
  /** Everything stored, every collection and document, as JSON (the stand-in lists no collections over gRPC). */
  contents(): string;
  stop(): void;
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a fresh, empty stand-in. Another process may take the probed port first: then retry. */
export async function startFirestoreStandIn(): Promise<StandIn> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const server = new FirestoreServer();
    try {
      await server.start(port);
      return { host: `127.0.0.1:${port}`, contents: () => JSON.stringify(server.state.toJSON()), stop: () => server.stop() };
    } catch (error) {
      server.stop();
      if (attempt >= 5) throw error;
    }
  }
}

let appCount = 0;

/**
 * The Firestore documents adapter on a fresh stand-in, for domain tests that must hold on both
 * backends (exactly-once at the door). `anotherServer` opens a second adapter (its own app, as a
 * second server process would) on the same stand-in. `close` stops them, their apps and the stand-in.
 */
export async function standInDocuments(): Promise<{
  documents: import('@/server/documents/firestore/firestore-documents').FirestoreDocuments;
  anotherServer: () => import('@/server/documents/firestore/firestore-documents').FirestoreDocuments;
  contents: () => string;
  close: () => Promise<void>;
}> {
  const [{ deleteApp, initializeApp }, { getFirestore }, { FirestoreDocuments }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
    import('@/server/documents/firestore/firestore-documents'),
  ]);
  const standIn = await startFirestoreStandIn();
  const opened: { documents: InstanceType<typeof FirestoreDocuments>; app: ReturnType<typeof initializeApp> }[] = [];
  const open = () => {
    const app = initializeApp({ projectId: 'demo-venue' }, `stand-in-documents-${++appCount}`);
    const firestore = getFirestore(app);
    firestore.settings({ host: standIn.host, ssl: false, ignoreUndefinedProperties: true });
    const documents = new FirestoreDocuments(firestore);
    opened.push({ documents, app });
    return documents;
  };
  return {
    documents: open(),
    anotherServer: open,
    contents: () => standIn.contents(),
    async close() {
      for (const { documents, app } of opened) {
        await documents.close();
        await deleteApp(app);
      }
      standIn.stop();
    },
  };
}
