// The Firebase backend's upload task: Cloud Storage's resumable upload, seen through the same
// UploadTask interface as the embedded one. Storage applies the same state rules and retries.
import { getStorage, ref, uploadBytesResumable, type UploadTask as StorageUploadTask } from 'firebase/storage';
import type { FirebaseApp } from 'firebase/app';
import { UploadFailed, type UploadErrorCode, type UploadSnapshot, type UploadTask } from './upload-task';

function errorCode(code: string): UploadErrorCode | 'canceled' {
  if (code === 'storage/canceled') return 'canceled';
  if (code === 'storage/unauthenticated') return 'unauthenticated';
  if (code === 'storage/unauthorized') return 'unauthorized';
  if (code === 'storage/retry-limit-exceeded') return 'retry-limit-exceeded';
  return 'server';
}

export class FirebaseUploadTask implements UploadTask {
  private readonly task: StorageUploadTask;
  private error: UploadErrorCode | null = null;
  private listeners = new Set<(snapshot: UploadSnapshot) => void>();
  readonly done: Promise<string>;

  constructor(app: FirebaseApp, path: string, file: Blob, customMetadata: Record<string, string>) {
    this.task = uploadBytesResumable(ref(getStorage(app), path), file, { contentType: file.type, customMetadata });
    this.done = new Promise((resolve, reject) => {
      this.task.on(
        'state_changed',
        () => this.emit(),
        (error) => {
          const code = errorCode(error.code);
          if (code !== 'canceled') this.error = code;
          this.emit();
          reject(new UploadFailed(code));
        },
        () => {
          this.emit();
          resolve(path);
        },
      );
    });
    this.done.catch(() => undefined);
  }

  get snapshot(): UploadSnapshot {
    const { state, bytesTransferred, totalBytes } = this.task.snapshot;
    return { state: state as UploadSnapshot['state'], bytesTransferred, totalBytes, error: this.error };
  }

  pause() {
    return this.task.pause();
  }

  resume() {
    return this.task.resume();
  }

  cancel() {
    return this.task.cancel();
  }

  subscribe(listener: (snapshot: UploadSnapshot) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit() {
    const snapshot = this.snapshot;
    for (const listener of this.listeners) listener(snapshot);
  }
}
