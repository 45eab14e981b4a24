// Resumable uploads for the embedded backend: a tus server (protocol 1.0, with creation,
// creation-with-upload and termination) at /api/uploads, storing partial uploads under
// DATA_DIR/uploads. Only signed-in people whose role allows the declared use may start or
// continue an upload; the uploader's uid is recorded by the server, never taken from the client.
import 'server-only';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Server } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { env } from '@/server/env';
import { getDocuments } from '@/server/documents/documents';
import { SESSION_COOKIE, verifySession } from '@/features/identity/session';
import type { Identity } from '@/features/identity/identity';
import type { Role } from '@/features/identity/roles';
import { isSameOrigin } from '@/server/http/same-origin';
import { sniffContentType } from '../checks';
import { FilesError, type Files, type FileUse } from '../port';
import { FILE_USES } from '../uses';
import type { UploadClaims } from '../uploads';

export const UPLOADS_PATH = '/api/uploads';

/** Who may upload for which use. */
export const UPLOAD_ROLES: Record<keyof typeof FILE_USES, readonly Role[]> = {
  images: ['admin'],
  avatars: ['user', 'admin', 'scanner'],
};

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif', 'image/gif': 'gif' };

class Refusal {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {}
}

function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

const identities = new WeakMap<Request, Promise<Identity | null>>();
function identityOf(request: Request): Promise<Identity | null> {
  let identity = identities.get(request);
  if (!identity) {
    identity = verifySession(getDocuments(), cookieValue(request, SESSION_COOKIE));
    identities.set(request, identity);
  }
  return identity;
}

function fileUseNamed(name: string | null | undefined): [keyof typeof FILE_USES, FileUse] | null {
  return name && name in FILE_USES ? [name as keyof typeof FILE_USES, FILE_USES[name as keyof typeof FILE_USES]] : null;
}

const holder = globalThis as typeof globalThis & { __venueTus?: { server: Server; store: FileStore; directory: string } };

function tus() {
  if (holder.__venueTus) return holder.__venueTus;
  const directory = join(env.DATA_DIR, 'uploads');
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: 24 * 60 * 60 * 1000 });
  const server = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    relativeLocation: true,
    maxSize: Math.max(...Object.values(FILE_USES).map((use) => use.maxBytes)),
    async onIncomingRequest(request) {
      if (request.method !== 'HEAD' && request.method !== 'OPTIONS' && !isSameOrigin(request)) throw new Refusal(403, 'Cross-origin uploads are refused.');
      const identity = await identityOf(request);
      if (!identity) throw new Refusal(401, 'Sign in to upload.');
    },
    async onUploadCreate(request, upload) {
      const identity = await identityOf(request);
      if (!identity) throw new Refusal(401, 'Sign in to upload.');
      const found = fileUseNamed(upload.metadata?.use);
      if (!found) throw new Refusal(400, 'Unknown upload use.');
      const [key, use] = found;
      if (!identity.role || !UPLOAD_ROLES[key].includes(identity.role)) throw new Refusal(403, 'Your role may not upload these files.');
      if (upload.size === undefined || upload.size > use.maxBytes) throw new Refusal(413, `Files for ${use.name} may have at most ${use.maxBytes} bytes.`);
      if (!use.contentTypes.includes(upload.metadata?.filetype ?? '')) throw new Refusal(415, `${upload.metadata?.filetype} is not accepted for ${use.name}.`);
      return { metadata: { ...upload.metadata, uploaderUid: identity.uid } };
    },
  });
  holder.__venueTus = { server, store, directory };
  return holder.__venueTus;
}

/** Answers one tus request (the route handler's whole job). */
export function handleUploadRequest(request: Request): Promise<Response> {
  return tus().server.handleWeb(request);
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
      if (upload.size === undefined || upload.offset !== upload.size) throw new FilesError('invalid-argument', 'The upload has not finished.');
      const bytes = new Uint8Array(await readFile(join(directory, uploadId)));
      const contentType = sniffContentType(bytes) ?? upload.metadata?.filetype ?? 'application/octet-stream';
      const path = `${use.folder}/${uploadId}.${EXTENSIONS[contentType] ?? 'bin'}`;
      await files.put(use, path, bytes, {
        contentType,
        customMetadata: { uploaderUid: uid, originalName: (upload.metadata?.filename ?? '').slice(0, 200) },
      });
      await store.remove(uploadId);
      return path;
    },
  };
}
