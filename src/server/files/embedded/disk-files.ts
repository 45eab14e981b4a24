// The files port on the local disk (embedded backend): bytes under DATA_DIR/files, metadata
// beside them as JSON with the download tokens; downloads go through the app's storage route.
import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { checkUpload, folderPrefix, objectPath } from '../checks';
import { FilesError, type FileMetadata, type Files, type FileUse, type PutOptions } from '../port';

interface StoredMetadata extends FileMetadata {
  downloadTokens: string[];
}

export class DiskFiles implements Files {
  constructor(
    private readonly root: string,
    /** The origin download URLs start with (the site's URL). */
    private readonly origin: string,
    readonly bucket = 'embedded',
  ) {}

  private dataFile(path: string) {
    return join(this.root, 'objects', path);
  }

  private metaFile(path: string) {
    return join(this.root, 'metadata', `${path}.json`);
  }

  async put(use: FileUse, rawPath: string, bytes: Uint8Array, options: PutOptions): Promise<FileMetadata> {
    const path = objectPath(rawPath, 'put');
    checkUpload(use, path, bytes, options.contentType);
    const now = new Date().toISOString();
    const metadata: StoredMetadata = {
      bucket: this.bucket,
      generation: String(Date.now() * 1000),
      metageneration: '1',
      fullPath: path,
      name: path.split('/').at(-1)!,
      size: bytes.byteLength,
      timeCreated: now,
      updated: now,
      md5Hash: createHash('md5').update(bytes).digest('base64'),
      cacheControl: options.cacheControl,
      contentDisposition: undefined,
      contentEncoding: undefined,
      contentLanguage: undefined,
      contentType: options.contentType,
      customMetadata: options.customMetadata ?? {},
      downloadTokens: [randomUUID()],
    };
    // Written to a temporary name and renamed, so a reader never sees half a file.
    await this.writeAtomically(this.dataFile(path), bytes);
    await this.writeAtomically(this.metaFile(path), JSON.stringify(metadata));
    return publicMetadata(metadata);
  }

  async metadata(rawPath: string): Promise<FileMetadata> {
    return publicMetadata(await this.stored(objectPath(rawPath, 'getMetadata')));
  }

  async downloadUrl(rawPath: string): Promise<string> {
    const path = objectPath(rawPath, 'getDownloadURL');
    const stored = await this.stored(path);
    return `${this.origin}/api/storage/v0/b/${this.bucket}/o/${encodeURIComponent(path)}?alt=media&token=${stored.downloadTokens[0]}`;
  }

  /** Whether a token from a download URL belongs to the file (the storage route asks). */
  async hasToken(rawPath: string, token: string): Promise<boolean> {
    try {
      return (await this.stored(objectPath(rawPath, 'download'))).downloadTokens.includes(token);
    } catch {
      return false;
    }
  }

  async read(rawPath: string): Promise<{ bytes: Uint8Array; metadata: FileMetadata }> {
    const path = objectPath(rawPath, 'read');
    const metadata = publicMetadata(await this.stored(path));
    return { bytes: new Uint8Array(await readFile(this.dataFile(path))), metadata };
  }

  async delete(rawPath: string): Promise<void> {
    const path = objectPath(rawPath, 'delete');
    await this.stored(path);
    await rm(this.metaFile(path), { force: true });
    await rm(this.dataFile(path), { force: true });
  }

  async deleteFolder(rawFolder: string): Promise<number> {
    const prefix = folderPrefix(rawFolder, 'deleteFolder');
    const metadataFiles = await readdir(join(this.root, 'metadata', prefix), { recursive: true }).catch(() => [] as string[]);
    const paths = metadataFiles.filter((name) => name.endsWith('.json')).map((name) => `${prefix}${name.slice(0, -'.json'.length)}`);
    for (const path of paths) await this.delete(path).catch(() => undefined);
    // Bytes whose metadata never got written (a put cut short) go with the folder.
    await rm(join(this.root, 'objects', prefix), { recursive: true, force: true });
    await rm(join(this.root, 'metadata', prefix), { recursive: true, force: true });
    return paths.length;
  }

  async setCustomMetadata(rawPath: string, customMetadata: Record<string, string>): Promise<void> {
    const path = objectPath(rawPath, 'updateMetadata');
    const stored = await this.stored(path);
    const metageneration = String(Number(stored.metageneration) + 1);
    await this.writeAtomically(this.metaFile(path), JSON.stringify({ ...stored, customMetadata, metageneration, updated: new Date().toISOString() }));
  }

  private async stored(path: string): Promise<StoredMetadata> {
    try {
      return JSON.parse(await readFile(this.metaFile(path), 'utf8')) as StoredMetadata;
    } catch {
      throw new FilesError('object-not-found', `Object '${path}' does not exist.`, path);
    }
  }

  private async writeAtomically(file: string, content: Uint8Array | string) {
    await mkdir(dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, content);
    await rename(temporary, file);
  }
}

function publicMetadata({ downloadTokens: _tokens, ...metadata }: StoredMetadata): FileMetadata {
  return metadata;
}
