// Uploading data given as a string (raw, base64, base64url or a data URL): the string is checked
// and decoded by the specification's rules, then sent like any file.
import { dataFromString, type StringFormat } from '../string-formats';
import { startUpload } from './start-upload';
import type { UploadTask } from './upload-task';

export function fileFromString(value: string, format: StringFormat, name: string, contentType?: string): File {
  const { bytes, contentType: fromDataUrl } = dataFromString(format, value);
  return new File([bytes as Uint8Array<ArrayBuffer>], name, { type: contentType ?? fromDataUrl ?? 'application/octet-stream' });
}

/** Throws StringFormatError (with the specification's message) before anything is sent. */
export function startStringUpload(value: string, format: StringFormat, name: string, use: { name: string; folder: string }, contentType?: string): Promise<UploadTask> {
  return startUpload(fileFromString(value, format, name, contentType), use);
}
