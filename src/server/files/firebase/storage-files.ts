// The files port on Cloud Storage through firebase-admin (Firebase backend, or its Storage
// emulator when FIREBASE_STORAGE_EMULATOR_HOST is set). Download URLs are Firebase's tokenized
// ones, so browsers fetch files straight from Storage.
import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Bucket, File } from '@google-cloud/storage';
import { getDownloadURL } from 'firebase-admin/storage';
import { checkUpload, folderPrefix, objectPath } from '../checks';
import { FilesError, type FileMetadata, type Files, type FileUse, type PutOptions } from '../port';

import type { FileMetadata as GcsMetadata } from '@google-cloud/storage';
type RawMetadata = GcsMetadata;

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 404;
}

function toMetadata(raw: RawMetadata, bucket: string): FileMetadata {
  const { firebaseStorageDownloadTokens: _tokens, ...custom } = (raw.metadata ?? {}) as Record<string, string>;
  const fullPath = raw.name ?? '';
  return {
    bucket,
    generation: String(raw.generation ?? ''),
    metageneration: String(raw.metageneration ?? ''),
    fullPath,
    name: fullPath.split('/').at(-1) ?? '',
    size: Number(raw.size ?? 0),
    timeCreated: raw.timeCreated ?? '',
    updated: raw.updated ?? '',
    md5Hash: raw.md5Hash ?? '',
    cacheControl: raw.cacheControl,
    contentDisposition: raw.contentDisposition,
    contentEncoding: raw.contentEncoding,
    contentLanguage: raw.contentLanguage,
    contentType: raw.contentType ?? 'application/octet-stream',
    customMetadata: Object.fromEntries(Object.entries(custom).map(([key, value]) => [key, String(value)])),
  };
}

export class StorageFiles implements Files {
  constructor(private readonly storage: Bucket) {}

  get bucket() {
    return this.storage.name;
  }

  private async existing(path: string): Promise<File> {
    const file = this.storage.file(path);
    const [exists] = await file.exists();
    if (!exists) throw new FilesError('object-not-found', `Object '${path}' does not exist.`, path);
    return file;
  }

  async put(use: FileUse, rawPath: string, bytes: Uint8Array, options: PutOptions): Promise<FileMetadata> {
    const path = objectPath(rawPath, 'put');
    checkUpload(use, path, bytes, options.contentType);
    const file = this.storage.file(path);
    await file.save(Buffer.from(bytes), {
      resumable: bytes.byteLength > 5 * 1024 * 1024,
      contentType: options.contentType,
      metadata: {
        cacheControl: options.cacheControl,
        metadata: { ...options.customMetadata, firebaseStorageDownloadTokens: randomUUID() },
      },
    });
    const [raw] = await file.getMetadata();
    return toMetadata(raw, this.bucket);
  }

  async metadata(rawPath: string): Promise<FileMetadata> {
    const path = objectPath(rawPath, 'getMetadata');
    try {
      const [raw] = await this.storage.file(path).getMetadata();
      return toMetadata(raw, this.bucket);
    } catch (error) {
      if (isNotFound(error)) throw new FilesError('object-not-found', `Object '${path}' does not exist.`, path);
      throw error;
    }
  }

  async downloadUrl(rawPath: string): Promise<string> {
    const path = objectPath(rawPath, 'getDownloadURL');
    return getDownloadURL(await this.existing(path));
  }

  async read(rawPath: string): Promise<{ bytes: Uint8Array; metadata: FileMetadata }> {
    const path = objectPath(rawPath, 'read');
    const file = await this.existing(path);
    const [[contents], [raw]] = await Promise.all([file.download(), file.getMetadata()]);
    return { bytes: new Uint8Array(contents), metadata: toMetadata(raw, this.bucket) };
  }

  async delete(rawPath: string): Promise<void> {
    const path = objectPath(rawPath, 'delete');
    await (await this.existing(path)).delete();
  }

  async deleteFolder(rawFolder: string): Promise<number> {
    const [found] = await this.storage.getFiles({ prefix: folderPrefix(rawFolder, 'deleteFolder') });
    await Promise.all(found.map((file) => file.delete({ ignoreNotFound: true })));
    return found.length;
  }

  async setCustomMetadata(rawPath: string, customMetadata: Record<string, string>): Promise<void> {
    const file = await this.existing(objectPath(rawPath, 'updateMetadata'));
    const [raw] = await file.getMetadata();
    // Storage merges custom metadata: a key is removed by setting it to null. The download token stays.
    const { firebaseStorageDownloadTokens: token, ...current } = (raw.metadata ?? {}) as Record<string, string>;
    const removed = Object.fromEntries(Object.keys(current).filter((key) => !(key in customMetadata)).map((key) => [key, null]));
    await file.setMetadata({ metadata: { ...removed, ...customMetadata, firebaseStorageDownloadTokens: token ?? null } });
  }
}
