// The image library: register a finished upload (its bytes checked, its size measured), list
// and filter by tag, edit alt texts and tags, remove. Plain functions over the ports.
import 'server-only';
import { serverTimestamp, type DocumentRef, type Documents, type Query, type Transaction } from '@/server/documents/port';
import { isFilesError, type Files, type FileMetadata } from '@/server/files/port';
import type { UploadClaims } from '@/server/files/uploads';
import { sniffContentType } from '@/server/files/checks';
import { FILE_USES } from '@/server/files/uses';
import type { ImageProbe } from '@/server/images/probe';
import { DomainError } from '@/server/domain-error';
import { DEFAULT_LOCALE, localized, type Locale } from '@/i18n/routing';
import { Images, LIBRARY_LIMIT, type AltTexts, type ImageDocument, type ImageTag } from './images';
import { isMembersOnly } from './members-only';
import type { ImageAddInput, ImageIdInput, ImageListInput, ImageUpdateInput } from './images.inputs';
import { mirrorLoungeImage } from './lounge';
import { AuditLog } from '@/features/identity/audit';
import type { Identity } from '@/access/identity';

/**
 * What shows a library image as its cover (the events, above the library: src/features/events),
 * asked inside the transaction that changes the image: a cover is neither removed nor hidden in
 * the lounge, and the alt texts copied onto it follow the library's.
 */
export interface CoverHolders {
  /** The title of the first holder showing the image as its cover, or null when none does. */
  showing(tx: Transaction, documents: Documents, imageId: string): Promise<Readonly<Record<Locale, string>> | null>;
  refreshAlt(tx: Transaction, documents: Documents, imageId: string, alt: AltTexts): Promise<void>;
}

export interface ImagePorts {
  documents: Documents;
  files: Files;
  uploads: UploadClaims;
  probe: ImageProbe;
}

export interface ImageSummary extends ImageDocument {
  id: string;
}

export function imageQuery(documents: Documents, input: ImageListInput): Query<ImageDocument> {
  let query: Query<ImageDocument> = documents.collection(Images);
  if (input.tag) query = query.where('tags', 'array-contains', input.tag);
  return query.orderBy('createdAt', 'desc').limit(LIBRARY_LIMIT);
}

export async function listImages(documents: Documents, input: ImageListInput): Promise<ImageSummary[]> {
  return (await imageQuery(documents, input).get()).map((image) => ({ id: image.id, ...image.data }));
}

export function storedMetadata(metadata: FileMetadata): ImageDocument['file'] {
  return {
    ...metadata,
    cacheControl: metadata.cacheControl ?? null,
    contentDisposition: metadata.contentDisposition ?? null,
    contentEncoding: metadata.contentEncoding ?? null,
    contentLanguage: metadata.contentLanguage ?? null,
  };
}

export async function addImage(ports: ImagePorts, uploader: Identity, input: ImageAddInput): Promise<ImageSummary> {
  const { uid: uploaderUid } = uploader;
  const use = FILE_USES.images;
  const path = await ports.uploads.claim(input.upload, uploaderUid, use).catch((error: unknown) => {
    // The client named an upload it cannot use (unknown, expired, unfinished, someone else's):
    // its request is wrong, the server is fine.
    if (isFilesError(error, 'invalid-content')) throw new DomainError('invalid', 'notAnImage');
    if (isFilesError(error)) throw new DomainError('invalid', 'uploadNotUsable');
    throw error;
  });
  const { bytes, metadata } = await ports.files.read(path);
  // Firebase uploads come straight from the browser: the bytes decide, not the declared type.
  if (sniffContentType(bytes) !== metadata.contentType) {
    await ports.files.delete(path);
    throw new DomainError('invalid', 'notAnImage');
  }
  let facts;
  try {
    facts = await ports.probe(bytes);
  } catch {
    await ports.files.delete(path);
    throw new DomainError('invalid', 'notAnImage');
  }
  return registerImage(ports, ports.documents.collection(Images).doc(), path, metadata, facts, uploaderUid, input);
}

/** Lists a stored, checked file in the library. */
async function registerImage(
  ports: Pick<ImagePorts, 'documents' | 'files'>,
  ref: DocumentRef<ImageDocument>,
  path: string,
  metadata: FileMetadata,
  facts: { width: number; height: number },
  uploaderUid: string,
  input: { alt: AltTexts; tags: readonly ImageTag[] },
): Promise<ImageSummary> {
  const url = await ports.files.downloadUrl(path);
  const image = {
    file: storedMetadata(metadata),
    url,
    width: facts.width,
    height: facts.height,
    alt: input.alt,
    tags: [...new Set(input.tags)],
    uploaderUid,
    updatedBy: null,
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
  };
  await ports.documents.runTransaction(async (tx) => {
    tx.create(ref, image);
    mirrorLoungeImage(tx, ports.documents, ref.id, image);
  });
  return { id: ref.id, ...(await ref.get()).data! };
}

/** Stores image bytes the server already holds (demo data) and lists them under a chosen id. */
export async function importImage(
  ports: Pick<ImagePorts, 'documents' | 'files' | 'probe'>,
  uploaderUid: string,
  image: { id: string; fileName: string; bytes: Uint8Array; alt: AltTexts; tags: readonly ImageTag[] },
): Promise<ImageSummary> {
  const facts = await ports.probe(image.bytes);
  const contentType = sniffContentType(image.bytes);
  if (!contentType) throw new DomainError('invalid', 'notAnImage');
  const path = `${FILE_USES.images.folder}/${image.fileName}`;
  const metadata = await ports.files.put(FILE_USES.images, path, image.bytes, { contentType, customMetadata: { uploaderUid, originalName: image.fileName } });
  return registerImage(ports, ports.documents.collection(Images).doc(image.id), path, metadata, facts, uploaderUid, image);
}

/** Changes an image's alt texts or tags, recording who did (`updatedBy`). */
export async function updateImage(documents: Documents, covers: CoverHolders, actor: Identity, input: ImageUpdateInput, locale: Locale = DEFAULT_LOCALE): Promise<void> {
  const ref = documents.collection(Images).doc(input.id);
  await documents.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data;
    if (!current) throw new DomainError('not-found', 'imageNotFound');
    if (input.tags && isMembersOnly({ tags: input.tags })) {
      const holder = await covers.showing(tx, documents, input.id);
      if (holder) throw new DomainError('conflict', 'coverToLounge', { event: localized(holder, locale) });
    }
    if (input.alt) await covers.refreshAlt(tx, documents, input.id, input.alt);
    const changes = {
      ...(input.alt ? { alt: input.alt } : {}),
      ...(input.tags ? { tags: [...new Set(input.tags)] } : {}),
    };
    tx.update(ref, { ...changes, updatedBy: actor.uid, updatedAt: serverTimestamp() });
    mirrorLoungeImage(tx, documents, input.id, { ...current, ...changes });
  });
}

/**
 * Removes the image from the library (audited in the same transaction), then its file. Refused while an event shows it as its
 * cover, naming that event (in the caller's language) so the admin knows where to change it.
 */
export async function removeImage(
  ports: Pick<ImagePorts, 'documents' | 'files'>,
  covers: CoverHolders,
  actor: Identity,
  { id }: ImageIdInput,
  locale: Locale = DEFAULT_LOCALE,
): Promise<void> {
  const ref = ports.documents.collection(Images).doc(id);
  const path = await ports.documents.runTransaction(async (tx) => {
    const image = await tx.get(ref);
    if (!image.data) throw new DomainError('not-found', 'imageNotFound');
    const holder = await covers.showing(tx, ports.documents, id);
    if (holder) throw new DomainError('conflict', 'imageIsCover', { event: localized(holder, locale) });
    tx.delete(ref);
    mirrorLoungeImage(tx, ports.documents, id, null);
    // The audit entry is written with the removal, or neither happens.
    tx.create(ports.documents.collection(AuditLog).doc(), {
      targetUid: image.data.uploaderUid,
      actorUid: actor.uid,
      actorName: actor.displayName ?? actor.email,
      action: 'imageRemoved',
      fromRole: null,
      toRole: null,
      imageId: id,
      membershipId: null,
      at: serverTimestamp(),
    });
    return image.data.file.fullPath;
  });
  await ports.files.delete(path).catch((error: unknown) => {
    // Already gone is what we wanted; anything else is a real failure.
    if (!isFilesError(error, 'object-not-found')) throw error;
  });
}
