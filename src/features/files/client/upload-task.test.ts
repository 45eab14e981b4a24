import { createServer, type Server as HttpServer } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Server } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KB } from '../upload-policy';
import { fetchTransport, type Transport, type TransportRequest } from './transport';
import { TusUploadTask, UploadFailed, type UploadSnapshot } from './upload-task';

const directory = mkdtempSync(join(tmpdir(), 'tus-'));
let http: HttpServer;
let endpoint: string;
const patches: { offset: number; size: number }[] = [];

beforeAll(async () => {
  const tus = new Server({ path: '/files', datastore: new FileStore({ directory }), relativeLocation: true });
  http = createServer((req, res) => {
    if (req.method === 'PATCH') patches.push({ offset: Number(req.headers['upload-offset']), size: Number(req.headers['content-length'] ?? 0) });
    void tus.handle(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(http.address() as AddressInfo).port}/files`;
});

afterAll(() => {
  http.close();
  rmSync(directory, { recursive: true, force: true });
});

function bytes(size: number) {
  return Uint8Array.from({ length: size }, (_, index) => (index * 31) % 251);
}

function stored(uploadId: string) {
  return new Uint8Array(readFileSync(join(directory, uploadId)));
}

/** The real transport, with a hook to act between requests or fail some of them. */
function watchedTransport(before?: (request: TransportRequest, count: number) => number | void): Transport {
  const real = fetchTransport(endpoint);
  let count = 0;
  return (request) => {
    count += 1;
    const status = before?.(request, count);
    if (status) return { response: Promise.resolve({ status, header: () => null }), abort: () => undefined };
    return real(request);
  };
}

const noWait = async () => undefined;

describe('tus upload task', () => {
  it('sends a file up to 256 KB in the creating request', async () => {
    const data = bytes(200 * KB);
    const methods: string[] = [];
    const task = new TusUploadTask(new Blob([data]), { endpoint, metadata: { filename: 'small.bin' }, transport: watchedTransport((request) => void methods.push(request.method)) });
    const id = await task.done;
    expect(methods).toEqual(['POST']);
    expect(stored(id)).toEqual(data);
    expect(task.snapshot).toEqual({ state: 'success', bytesTransferred: data.length, totalBytes: data.length, error: null });
  });

  it('sends larger files in chunks from 256 KB, doubling', async () => {
    patches.length = 0;
    const data = bytes(1200 * KB);
    const task = new TusUploadTask(new Blob([data]), { endpoint, metadata: {}, transport: watchedTransport() });
    const id = await task.done;
    expect(patches.map((patch) => patch.size)).toEqual([256 * KB, 512 * KB, 432 * KB]);
    expect(stored(id)).toEqual(data);
  });

  it('pauses, then resumes where the server says it stopped, without sending those bytes again', async () => {
    patches.length = 0;
    const data = bytes(1000 * KB);
    const seen: UploadSnapshot['state'][] = [];
    // Pause as the second chunk is about to go.
    const task: TusUploadTask = new TusUploadTask(new Blob([data]), {
      endpoint,
      metadata: {},
      transport: watchedTransport((request) => {
        if (request.method === 'PATCH' && request.headers['Upload-Offset'] === String(256 * KB) && seen.length === 0) {
          seen.push('running');
          queueMicrotask(() => expect(task.pause()).toBe(true));
        }
      }),
    });
    await expect.poll(() => task.snapshot.state).toBe('paused');
    expect(task.pause()).toBe(false);
    const beforeResume = patches.length;
    expect(task.resume()).toBe(true);
    const id = await task.done;
    expect(stored(id)).toEqual(data);
    // After the resume the upload continues at the server's offset: no range is sent twice.
    expect(patches[beforeResume]!.offset).toBe(256 * KB);
    const received = patches.filter((patch) => patch.size > 0);
    for (let i = 1; i < received.length; i++) expect(received[i]!.offset).toBe(received[i - 1]!.offset + received[i - 1]!.size);
    expect(received.reduce((sum, patch) => sum + patch.size, 0)).toBe(data.length);
  });

  it('cancels and leaves nothing on the server', async () => {
    const before = new Set(readdirSync(directory));
    const data = bytes(900 * KB);
    const task: TusUploadTask = new TusUploadTask(new Blob([data]), {
      endpoint,
      metadata: {},
      transport: watchedTransport((request) => {
        if (request.method === 'PATCH') queueMicrotask(() => task.cancel());
      }),
    });
    await expect(task.done).rejects.toEqual(new UploadFailed('canceled'));
    expect(task.snapshot.state).toBe('canceled');
    expect(task.resume()).toBe(false);
    const left = readdirSync(directory).filter((name) => !before.has(name));
    expect(left).toEqual([]);
  });

  it('retries 5xx, 408, 429 and finishes; refuses at once on 403', async () => {
    const data = bytes(600 * KB);
    const failures = [503, 429, 408];
    const retried = new TusUploadTask(new Blob([data]), {
      endpoint,
      metadata: {},
      sleep: noWait,
      transport: watchedTransport((request) => (request.method === 'PATCH' ? failures.shift() : undefined)),
    });
    expect(stored(await retried.done)).toEqual(data);

    const refused = new TusUploadTask(new Blob([data]), { endpoint, metadata: {}, sleep: noWait, transport: watchedTransport((request) => (request.method === 'POST' ? 403 : undefined)) });
    await expect(refused.done).rejects.toEqual(new UploadFailed('unauthorized'));
    expect(refused.snapshot).toMatchObject({ state: 'error', error: 'unauthorized' });
  });

  it('stops at once with quota-exceeded when the server says to wait longer than the retries last', async () => {
    let posts = 0;
    const quota: Transport = (request) => {
      posts += 1;
      const header = (name: string) => (name.toLowerCase() === 'retry-after' ? '80000' : null);
      return { response: Promise.resolve({ status: request.method === 'POST' ? 429 : 500, header }), abort: () => undefined };
    };
    const task = new TusUploadTask(new Blob([bytes(10 * KB)]), { endpoint, metadata: {}, sleep: noWait, transport: quota });
    await expect(task.done).rejects.toEqual(new UploadFailed('quota-exceeded'));
    expect(posts).toBe(1);
  });

  it('gives up with retry-limit-exceeded when the retry time is over', async () => {
    const task = new TusUploadTask(new Blob([bytes(300 * KB)]), { endpoint, metadata: {}, retryTimeMs: 0, sleep: noWait, transport: watchedTransport((request) => (request.method === 'PATCH' ? 503 : undefined)) });
    await expect(task.done).rejects.toEqual(new UploadFailed('retry-limit-exceeded'));
  });
});
