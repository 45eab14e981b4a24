// The files port: put, read metadata, get a download URL, delete. Domain code talks to this
// interface; the embedded adapter keeps files on the local disk, the Firebase one in Cloud
// Storage. Both refuse the bucket root and check each use's size and content-type limits
// against the bytes themselves.

/** The file metadata fields of the specification. */
export interface FileMetadata {
  bucket: string;
  generation: string;
  metageneration: string;
  fullPath: string;
  name: string;
  size: number;
  timeCreated: string;
  updated: string;
  md5Hash: string;
  cacheControl: string | undefined;
  contentDisposition: string | undefined;
  contentEncoding: string | undefined;
  contentLanguage: string | undefined;
  contentType: string;
  customMetadata: Record<string, string>;
}

/** What a kind of file may be: where it lives, how large, which types. */
export interface FileUse {
  name: string;
  /** Paths of this use start with this folder (no leading slash). */
  folder: string;
  /**
   * Browser uploads go to `<folder>/<uid>/<accountUpload>`: one object name per account that
   * Firebase Storage's rules can check, so a person holds one pending upload at a time and the
   * next replaces it.
   */
  accountUpload?: string;
  maxBytes: number;
  contentTypes: readonly string[];
}

export interface PutOptions {
  contentType: string;
  cacheControl?: string;
  customMetadata?: Record<string, string>;
}

/**
 * 'invalid-content': the bytes are not of a type the use accepts (a text file named photo.png);
 * 'unavailable': this deployment has no file storage (Firebase mode without Storage).
 */
export type FilesErrorCode = 'invalid-root-operation' | 'object-not-found' | 'invalid-argument' | 'invalid-content' | 'unauthorized' | 'unavailable';

export class FilesError extends Error {
  constructor(
    readonly code: FilesErrorCode,
    message: string,
    readonly path?: string,
  ) {
    super(message);
    this.name = 'FilesError';
  }
}

/**
 * Whether `error` is the port's error (with this code, if given). By name and code, not
 * `instanceof`: the server bundle may hold more than one copy of this module, as with
 * isDocumentsError.
 */
export function isFilesError(error: unknown, code?: FilesErrorCode): error is FilesError {
  return error instanceof Error && error.name === 'FilesError' && (code === undefined || (error as Partial<FilesError>).code === code);
}

export interface Files {
  readonly bucket: string;
  put(use: FileUse, path: string, bytes: Uint8Array, options: PutOptions): Promise<FileMetadata>;
  metadata(path: string): Promise<FileMetadata>;
  /** A URL anyone holding it can download from (a token in the URL, as Firebase does). */
  downloadUrl(path: string): Promise<string>;
  read(path: string): Promise<{ bytes: Uint8Array; metadata: FileMetadata }>;
  delete(path: string): Promise<void>;
  /** Deletes every file under a folder (`avatars/<uid>`, whatever their names); how many. */
  deleteFolder(folder: string): Promise<number>;
  /** Replaces a file's custom metadata (keys left out are removed). */
  setCustomMetadata(path: string, customMetadata: Record<string, string>): Promise<void>;
}
