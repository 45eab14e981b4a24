// An upload as the person sees it: state, bytes sent of the total, pause, resume, cancel. The
// states follow ../upload-state.ts; the embedded backend's transfer speaks tus 1.0 to
// /api/uploads with the specification's chunk sizes and retries (../upload-policy.ts).
import { externalUploadState, nextUploadState, type UploadEvent, type UploadInternalState, type UploadState } from '../upload-state';
import {
  chunkSizeAfterFailure,
  FIRST_CHUNK,
  isResumable,
  isRetryable,
  nextChunkSize,
  retryDelayMs,
  UPLOAD_RETRY_TIME_MS,
  validRetryTime,
} from '../upload-policy';
import { AbortedError, NetworkError, type SentRequest, type Transport, type TransportResponse } from './transport';

/** Why an upload ended in error; the page shows a localized message for each. */
export type UploadErrorCode = 'unauthenticated' | 'unauthorized' | 'too-large' | 'wrong-type' | 'expired' | 'quota-exceeded' | 'retry-limit-exceeded' | 'server';

export interface UploadSnapshot {
  state: UploadState;
  bytesTransferred: number;
  totalBytes: number;
  error: UploadErrorCode | null;
}

export interface UploadTask {
  readonly snapshot: UploadSnapshot;
  /** Each returns false (and changes nothing) when the current state does not allow it. */
  pause(): boolean;
  resume(): boolean;
  cancel(): boolean;
  subscribe(listener: (snapshot: UploadSnapshot) => void): () => void;
  /** The finished upload's reference for the server (tus upload id or Storage path). */
  readonly done: Promise<string>;
}

export class UploadFailed extends Error {
  constructor(readonly code: UploadErrorCode | 'canceled') {
    super(code);
    this.name = 'UploadFailed';
  }
}

const TUS_VERSION = '1.0.0';

function encodeMetadata(metadata: Record<string, string>): string {
  const base64 = (value: string) => btoa(String.fromCharCode(...new TextEncoder().encode(value)));
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${base64(value)}`)
    .join(',');
}

function errorForStatus(status: number): UploadErrorCode {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'unauthorized';
  if (status === 413) return 'too-large';
  if (status === 415) return 'wrong-type';
  if (status === 404 || status === 410) return 'expired';
  return 'server';
}

class StatusError extends Error {
  constructor(
    readonly status: number,
    /** Retry-After in seconds, when the server said how long to wait. */
    readonly retryAfter: number | null = null,
  ) {
    super(`HTTP ${status}`);
  }
}

export interface TusUploadOptions {
  endpoint: string;
  metadata: Record<string, string>;
  transport: Transport;
  retryTimeMs?: number;
  /** For tests: how waiting is done. */
  sleep?: (ms: number) => Promise<void>;
}

export class TusUploadTask implements UploadTask {
  private state: UploadInternalState = 'running';
  private offset = 0;
  private inFlight = 0;
  private error: UploadErrorCode | null = null;
  private location: string | null = null;
  private current: SentRequest | null = null;
  private chunk = FIRST_CHUNK;
  /** After a pause, the server says how far the upload got before anything more is sent. */
  private needsSync = false;
  private listeners = new Set<(snapshot: UploadSnapshot) => void>();
  private settle!: { resolve: (reference: string) => void; reject: (error: UploadFailed) => void };
  readonly done: Promise<string>;
  private readonly retryTimeMs: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly file: Blob,
    private readonly options: TusUploadOptions,
  ) {
    this.retryTimeMs = validRetryTime(options.retryTimeMs ?? UPLOAD_RETRY_TIME_MS);
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.done = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
    this.done.catch(() => undefined);
    void this.run();
  }

  get snapshot(): UploadSnapshot {
    return {
      state: externalUploadState(this.state),
      bytesTransferred: Math.min(this.offset + this.inFlight, this.file.size),
      totalBytes: this.file.size,
      error: this.error,
    };
  }

  subscribe(listener: (snapshot: UploadSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  pause(): boolean {
    if (!this.move('pause')) return false;
    this.current?.abort();
    return true;
  }

  resume(): boolean {
    const wasPaused = this.state === 'paused';
    if (!this.move('resume')) return false;
    // From pausing, the loop is still running and simply carries on.
    if (wasPaused) {
      this.needsSync = true;
      void this.run();
    }
    return true;
  }

  cancel(): boolean {
    if (!this.move('cancel')) return false;
    this.current?.abort();
    return true;
  }

  private move(event: UploadEvent): boolean {
    const next = nextUploadState(this.state, event);
    if (!next) return false;
    this.state = next;
    this.emit();
    return true;
  }

  private emit() {
    const snapshot = this.snapshot;
    for (const listener of this.listeners) listener(snapshot);
  }

  private async send(request: Parameters<Transport>[0]): Promise<TransportResponse> {
    this.current = this.options.transport(request);
    try {
      return await this.current.response;
    } finally {
      this.current = null;
    }
  }

  private headers(extra: Record<string, string> = {}) {
    return { 'Tus-Resumable': TUS_VERSION, ...extra };
  }

  /** The transfer loop: runs until success, error, cancel or pause. */
  private async run(): Promise<void> {
    let failingSince: number | null = null;
    let attempt = 0;
    while (this.state === 'running' || this.state === 'pausing') {
      try {
        if (this.state === 'pausing') throw new AbortedError();
        if (!this.location) await this.create();
        else if (this.needsSync) {
          await this.syncOffset();
          this.needsSync = false;
        } else await this.sendChunk();
        failingSince = null;
        attempt = 0;
        if (this.offset >= this.file.size) {
          this.move('completed');
          this.settle.resolve(this.uploadId());
          return;
        }
      } catch (error) {
        // Read fresh: pause and cancel change the state while a request is in flight.
        const state = this.currentState();
        if (error instanceof AbortedError || state === 'canceling' || state === 'pausing') {
          this.inFlight = 0;
          if (state === 'canceling') return this.finishCancel();
          if (state === 'pausing') {
            this.move('stopped');
            return;
          }
          continue;
        }
        const status = error instanceof StatusError ? error.status : error instanceof NetworkError ? 'network' : null;
        failingSince ??= Date.now();
        // The account's upload quota (429 with a wait longer than the retries would last): retrying cannot help.
        if (error instanceof StatusError && status === 429 && error.retryAfter !== null && error.retryAfter * 1000 > this.retryTimeMs - (Date.now() - failingSince)) {
          return this.fail('quota-exceeded');
        }
        if (status === null || !isRetryable(status) || Date.now() - failingSince >= this.retryTimeMs) {
          const code = status === null ? 'server' : isRetryable(status) ? 'retry-limit-exceeded' : errorForStatus(status as number);
          return this.fail(code);
        }
        await this.sleep(retryDelayMs(attempt++));
        this.chunk = chunkSizeAfterFailure();
        this.inFlight = 0;
        // Ask the server how much arrived before going on.
        if (this.location) await this.syncOffset().catch(() => undefined);
      }
    }
  }

  private currentState(): UploadInternalState {
    return this.state;
  }

  private uploadId(): string {
    return decodeURIComponent(new URL(this.location!, 'http://upload.invalid').pathname.split('/').at(-1)!);
  }

  private async create() {
    const small = !isResumable(this.file.size);
    const response = await this.send({
      method: 'POST',
      url: this.options.endpoint,
      headers: this.headers({
        'Upload-Length': String(this.file.size),
        ...(Object.keys(this.options.metadata).length ? { 'Upload-Metadata': encodeMetadata(this.options.metadata) } : {}),
        ...(small ? { 'Content-Type': 'application/offset+octet-stream' } : {}),
      }),
      // Up to 256 KB: the whole file in the creating request.
      body: small ? this.file : undefined,
      onProgress: small ? (loaded) => this.progress(loaded) : undefined,
    });
    if (response.status !== 201) throw new StatusError(response.status, Number(response.header('Retry-After') ?? NaN) || null);
    this.location = response.header('Location');
    if (!this.location) throw new StatusError(500);
    this.offset = Number(response.header('Upload-Offset') ?? 0);
    this.inFlight = 0;
    this.emit();
  }

  private async sendChunk() {
    const end = Math.min(this.offset + this.chunk, this.file.size);
    const response = await this.send({
      method: 'PATCH',
      url: this.location!,
      headers: this.headers({ 'Upload-Offset': String(this.offset), 'Content-Type': 'application/offset+octet-stream' }),
      body: this.file.slice(this.offset, end),
      onProgress: (loaded) => this.progress(loaded),
    });
    if (response.status === 409) {
      // The server has a different offset (a request that failed halfway): continue from its.
      await this.syncOffset();
      return;
    }
    if (response.status !== 204) throw new StatusError(response.status);
    this.offset = Number(response.header('Upload-Offset') ?? end);
    this.inFlight = 0;
    this.chunk = nextChunkSize(this.chunk);
    this.emit();
  }

  private async syncOffset() {
    const response = await this.send({ method: 'HEAD', url: this.location!, headers: this.headers() });
    if (response.status !== 200) throw new StatusError(response.status);
    this.offset = Number(response.header('Upload-Offset') ?? this.offset);
    this.emit();
  }

  private progress(loaded: number) {
    this.inFlight = loaded;
    this.emit();
  }

  private async finishCancel() {
    // Termination: the partial upload is deleted on the server, nothing is left behind.
    if (this.location) await this.send({ method: 'DELETE', url: this.location, headers: this.headers() }).catch(() => undefined);
    this.move('stopped');
    this.settle.reject(new UploadFailed('canceled'));
  }

  private fail(code: UploadErrorCode) {
    this.error = code;
    this.move('failed');
    this.settle.reject(new UploadFailed(code));
  }
}
