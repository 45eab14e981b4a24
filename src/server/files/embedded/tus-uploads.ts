// Resumable uploads for the embedded backend: a tus server (protocol 1.0, with creation,
// creation-with-upload and termination) at /api/uploads, storing partial uploads under
// DATA_DIR/uploads. Bounded and owned (decision 017): only signed-in people whose role allows an
// open use may start an upload, within their quota for that use; the uploader's uid is recorded by
// the server, never taken from the client, and only that account may read, continue or cancel
// the upload; uploads not claimed within a day are removed by a timer.
import 'server-only';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Server } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { env } from '@/server/env';
import type { Identity } from '@/access/identity';
import type { Role } from '@/access/roles';
import { isSameOrigin } from '@/server/http/same-origin';
import { sniffContentType } from '../checks';
import { FilesError, isFilesError, type Files } from '../port';
import { FILE_USES, UPLOAD_QUOTA_WINDOW_MS, type UploadUse } from '../uses';
import type { UploadClaims } from '../uploads';
import { log } from '@/server/log';

export const UPLOADS_PATH = '/api/uploads';

/** Who may upload for which use. */
export const UPLOAD_ROLES: Record<keyof typeof FILE_USES, readonly Role[]> = {
  images: ['admin'],
  avatars: ['user', 'admin', 'scanner'],
};

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif', 'image/gif': 'gif' };

/** An upload not claimed this long after it started is removed, finished or not. */
export const UPLOAD_EXPIRY_MS = UPLOAD_QUOTA_WINDOW_MS;
/** How often the removal runs (and once at start). */
export const UPLOAD_SWEEP_EVERY_MS = 60 * 60 * 1000;

class Refusal {
  constructor(
    readonly status_code: number,
    readonly body: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** Who sent a request: in the app, the session cookie's account (the upload route knows how to read it). */
export type Identify = (request: Request) => Promise<Identity | null>;

function fileUseNamed(name: string | null | undefined): [keyof typeof FILE_USES, UploadUse] | null {
  return name && Object.hasOwn(FILE_USES, name) ? [name as keyof typeof FILE_USES, FILE_USES[name as keyof typeof FILE_USES]] : null;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export interface TusUploadsOptions {
  directory: string;
  expiryMs?: number;
  sweepEveryMs?: number;
  now?: () => number;
}

type StoredUpload = NonNullable<Awaited<ReturnType<FileStore['configstore']['get']>>>;

export interface TusUploads {
  directory: string;
  store: FileStore;
  /** Answers one tus request from whoever `identify` finds (asked only when a check needs it). */
  handle(request: Request, identify: Identify): Promise<Response>;
  /** Removes the uploads older than the expiry; returns how many. */
  sweep(): Promise<number>;
  /** Removes every upload the account started, finished or not, and forgets its quota. */
  removeAllOf(uid: string): Promise<number>;
  /** Stops the timer (tests). */
  close(): void;
}

export function createTusUploads({
  directory,
  expiryMs = UPLOAD_EXPIRY_MS,
  sweepEveryMs = UPLOAD_SWEEP_EVERY_MS,
  now = Date.now,
}: TusUploadsOptions): TusUploads {
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
  const identifiers = new WeakMap<Request, Identify>();
  const identities = new WeakMap<Request, Promise<Identity | null>>();
  const identityOf = (request: Request) => {
    let identity = identities.get(request);
    if (!identity) identities.set(request, (identity = identifiers.get(request)?.(request) ?? Promise.resolve(null)));
    return identity;
  };
  /** What each account started within the quota window, per upload id; kept in memory, so a restart forgets it. */
  const started = new Map<string, Map<string, { use: string; bytes: number; at: number }>>();
  const refusals = new WeakMap<Request, Refusal>();
  const refuse = (request: Request, refusal: Refusal) => {
    refusals.set(request, refusal);
    return refusal;
  };

  function startedBy(uid: string) {
    let mine = started.get(uid);
    if (!mine) started.set(uid, (mine = new Map()));
    for (const [id, entry] of mine) if (entry.at <= now() - UPLOAD_QUOTA_WINDOW_MS) mine.delete(id);
    return mine;
  }

  const server = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    relativeLocation: true,
    maxSize: Math.max(...Object.values(FILE_USES).map((use) => use.maxBytes)),
    async onIncomingRequest(request, uploadId) {
      if (request.method !== 'HEAD' && request.method !== 'OPTIONS' && request.method !== 'GET' && !isSameOrigin(request)) {
        throw refuse(request, new Refusal(403, 'Cross-origin uploads are refused.'));
      }
      const identity = await identityOf(request);
      if (!identity) throw refuse(request, new Refusal(401, 'Sign in to upload.'));
      if (request.method === 'POST') return;
      // Reading, continuing or cancelling someone else's upload looks the same as a missing one.
      const upload = await store.getUpload(uploadId).catch(() => null);
      if (upload && upload.metadata?.uploaderUid !== identity.uid) throw refuse(request, new Refusal(404, 'There is no such upload.'));
      if (upload && request.method === 'DELETE') started.get(identity.uid)?.delete(uploadId);
    },
    async onUploadCreate(request, upload) {
      const identity = await identityOf(request);
      if (!identity) throw refuse(request, new Refusal(401, 'Sign in to upload.'));
      const found = fileUseNamed(upload.metadata?.use);
      if (!found) throw refuse(request, new Refusal(400, 'Unknown upload use.'));
      const [key, use] = found;
      if (!use.open) throw refuse(request, new Refusal(403, `Uploads for ${use.name} are closed.`));
      if (!identity.role || !UPLOAD_ROLES[key].includes(identity.role)) throw refuse(request, new Refusal(403, 'Your role may not upload these files.'));
      if (upload.size === undefined || upload.size > use.maxBytes) throw refuse(request, new Refusal(413, `Files for ${use.name} may have at most ${use.maxBytes} bytes.`));
      if (!use.contentTypes.includes(upload.metadata?.filetype ?? '')) throw refuse(request, new Refusal(415, `${upload.metadata?.filetype} is not accepted for ${use.name}.`));

      const mine = startedBy(identity.uid);
      const same = [...mine.values()].filter((entry) => entry.use === key);
      const bytes = same.reduce((sum, entry) => sum + entry.bytes, 0);
      if (same.length + 1 > use.quota.uploads || bytes + upload.size > use.quota.bytes) {
        const oldest = Math.min(...same.map((entry) => entry.at));
        const retryAfter = Math.max(1, Math.ceil((oldest + UPLOAD_QUOTA_WINDOW_MS - now()) / 1000));
        throw refuse(
          request,
          new Refusal(
            429,
            `Upload quota for ${use.name} reached: at most ${use.quota.uploads} uploads and ${megabytes(use.quota.bytes)} a day per account (you have started ${same.length}, ${megabytes(bytes)}). Try again in ${Math.ceil(retryAfter / 3600)} h.`,
            { 'Retry-After': String(retryAfter) },
          ),
        );
      }
      // One pending upload per account where Firebase's rules allow one object name: the new one replaces the last.
      if (use.accountUpload) await removeUploads((pending) => pending.metadata?.uploaderUid === identity.uid && pending.metadata?.use === key);
      mine.set(upload.id, { use: key, bytes: upload.size, at: now() });
      // The uploader is whoever the session says, whatever the client put in the metadata.
      return { metadata: { ...upload.metadata, uploaderUid: identity.uid } };
    },
  });

  async function removeUploads(which: (upload: StoredUpload) => boolean): Promise<number> {
    const ids = (await store.configstore.list?.()) ?? [];
    let removed = 0;
    for (const id of ids) {
      const upload = await store.configstore.get(id).catch(() => undefined);
      if (!upload || !which(upload)) continue;
      await store.remove(id).catch(() => {});
      removed += 1;
    }
    return removed;
  }

  function sweep(): Promise<number> {
    return removeUploads((upload) => {
      const createdAt = upload.creation_date ? Date.parse(upload.creation_date) : NaN;
      return !Number.isNaN(createdAt) && createdAt + expiryMs <= now();
    });
  }

  function removeAllOf(uid: string): Promise<number> {
    started.delete(uid);
    return removeUploads((upload) => upload.metadata?.uploaderUid === uid);
  }

  const runSweep = () =>
    void sweep().catch((error: unknown) => log.error({ err: error }, 'Removing expired uploads failed'));
  const timer = setInterval(runSweep, sweepEveryMs);
  // The timer alone never keeps the process alive.
  timer.unref();
  runSweep();

  return {
    directory,
    store,
    async handle(request, identify) {
      identifiers.set(request, identify);
      const response = await server.handleWeb(request);
      const refusal = refusals.get(request);
      if (!refusal || Object.keys(refusal.headers).length === 0) return response;
      const headers = new Headers(response.headers);
      for (const [name, value] of Object.entries(refusal.headers)) headers.set(name, value);
      return new Response(response.body, { status: response.status, headers });
    },
    sweep,
    removeAllOf,
    close: () => clearInterval(timer),
  };
}

const holder = globalThis as typeof globalThis & { __venueTus?: TusUploads };

function tus(): TusUploads {
  return (holder.__venueTus ??= createTusUploads({ directory: join(env.DATA_DIR, 'uploads') }));
}

/** Answers one tus request (the route handler's whole job). */
export function handleUploadRequest(request: Request, identify: Identify): Promise<Response> {
  return tus().handle(request, identify);
}

/** Embedded: moves a finished tus upload of this person into the files port and returns its path. */
export function tusUploadClaims(files: Files): UploadClaims {
  return {
    async claim(uploadId, uid, use) {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(uploadId)) throw new FilesError('invalid-argument', 'Invalid upload id.');
      const { store, directory } = tus();
      const upload = await store.getUpload(uploadId).catch(() => {
        throw new FilesError('object-not-found', 'There is no such upload (it may have expired).');
      });
      if (upload.metadata?.uploaderUid !== uid) throw new FilesError('unauthorized', 'This upload belongs to someone else.');
      if (upload.metadata?.use !== use.name) throw new FilesError('unauthorized', `Not a ${use.name} upload.`);
      if (!fileUseNamed(use.name)?.[1].open) throw new FilesError('unauthorized', `Uploads for ${use.name} are closed.`);
      if (upload.size === undefined || upload.offset !== upload.size) throw new FilesError('invalid-argument', 'The upload has not finished.');
      const bytes = new Uint8Array(await readFile(join(directory, uploadId)));
      const contentType = sniffContentType(bytes) ?? upload.metadata?.filetype ?? 'application/octet-stream';
      const path = `${use.folder}/${uploadId}.${EXTENSIONS[contentType] ?? 'bin'}`;
      try {
        await files.put(use, path, bytes, {
          contentType,
          customMetadata: { uploaderUid: uid, originalName: (upload.metadata?.filename ?? '').slice(0, 200) },
        });
      } catch (error) {
        // Bytes this use never accepts stay refused: the upload goes now, not a day later.
        if (isFilesError(error, 'invalid-content')) await store.remove(uploadId);
        throw error;
      }
      await store.remove(uploadId);
      return path;
    },
    async discardAllOf(uid) {
      await tus().removeAllOf(uid);
    },
  };
}
