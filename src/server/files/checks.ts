// Checks both files adapters run before they touch storage: no bucket root, the use's folder,
// size and content type, and the content type the bytes actually have.
import { FilesError, type FileUse } from './port';

/** Normalises a path and refuses the bucket root (specification: for upload, download URL, delete). */
export function objectPath(path: string, operation: string): string {
  const clean = path.replace(/^\/+|\/+$/g, '').replace(/\/{2,}/g, '/');
  if (clean === '') throw new FilesError('invalid-root-operation', `The operation '${operation}' cannot be performed on the bucket root; use a path such as 'images/photo.jpg'.`);
  if (clean.split('/').some((part) => part === '.' || part === '..')) throw new FilesError('invalid-argument', `Invalid path: ${path}`, path);
  return clean;
}

/** A folder as a prefix of its files' paths (`avatars/ada/`); never the bucket root. */
export function folderPrefix(folder: string, operation: string): string {
  return `${objectPath(folder, operation)}/`;
}

/** The content type the first bytes prove, for the types the product accepts. */
export function sniffContentType(bytes: Uint8Array): string | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'image/avif';
  return null;
}

export function checkUpload(use: FileUse, path: string, bytes: Uint8Array, contentType: string): void {
  if (!path.startsWith(`${use.folder}/`)) throw new FilesError('unauthorized', `Files for ${use.name} belong under ${use.folder}/.`, path);
  if (bytes.byteLength === 0) throw new FilesError('invalid-argument', 'The file is empty.', path);
  if (bytes.byteLength > use.maxBytes) {
    throw new FilesError('invalid-argument', `The file is ${bytes.byteLength} bytes; ${use.name} files may have at most ${use.maxBytes}.`, path);
  }
  if (!use.contentTypes.includes(contentType)) throw new FilesError('invalid-content', `${contentType} is not accepted for ${use.name}.`, path);
  const actual = sniffContentType(bytes);
  if (actual !== contentType) throw new FilesError('invalid-content', `The file says ${contentType} but its bytes are ${actual ?? 'something else'}.`, path);
}
