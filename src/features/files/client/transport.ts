// One HTTP request of an upload, abortable, with upload progress: XMLHttpRequest in browsers
// (fetch cannot report upload progress), fetch elsewhere (tests, no progress within a request).

export interface TransportRequest {
  method: 'POST' | 'PATCH' | 'HEAD' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: Blob;
  onProgress?: (loaded: number) => void;
}

export interface TransportResponse {
  status: number;
  header(name: string): string | null;
}

export interface SentRequest {
  response: Promise<TransportResponse>;
  abort(): void;
}

export type Transport = (request: TransportRequest) => SentRequest;

export class AbortedError extends Error {
  constructor() {
    super('The request was stopped.');
    this.name = 'AbortedError';
  }
}

/** A network failure (no HTTP status): retried like 5xx. */
export class NetworkError extends Error {
  constructor() {
    super('The network request failed.');
    this.name = 'NetworkError';
  }
}

export const xhrTransport: Transport = (request) => {
  const xhr = new XMLHttpRequest();
  const response = new Promise<TransportResponse>((resolve, reject) => {
    xhr.open(request.method, request.url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    if (request.onProgress) xhr.upload.onprogress = (event) => request.onProgress!(event.loaded);
    xhr.onload = () => resolve({ status: xhr.status, header: (name) => xhr.getResponseHeader(name) });
    xhr.onerror = () => reject(new NetworkError());
    xhr.ontimeout = () => reject(new NetworkError());
    xhr.onabort = () => reject(new AbortedError());
    xhr.send(request.body ?? null);
  });
  return { response, abort: () => xhr.abort() };
};

/** `headers` are added to every request (a session cookie, when run outside a browser). */
export function fetchTransport(base = '', headers: Record<string, string> = {}): Transport {
  return (request) => {
    const controller = new AbortController();
    const response = fetch(new URL(request.url, base || undefined), {
      method: request.method,
      headers: { ...headers, ...request.headers },
      body: request.body,
      signal: controller.signal,
      credentials: 'include',
      // Node's fetch needs this for a streamed body; a Blob body is sent whole.
      ...(request.body ? { duplex: 'half' } : {}),
    } as RequestInit).then(
      (answer) => {
        request.onProgress?.(request.body?.size ?? 0);
        return { status: answer.status, header: (name: string) => answer.headers.get(name) };
      },
      (error: unknown) => {
        throw controller.signal.aborted ? new AbortedError() : error instanceof Error && error.name === 'AbortError' ? new AbortedError() : new NetworkError();
      },
    );
    return { response, abort: () => controller.abort() };
  };
}
