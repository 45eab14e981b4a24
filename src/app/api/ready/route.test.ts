// GET /api/ready answers 200 or 503 as the store does.
import { describe, expect, it, vi } from 'vitest';

let reads: () => Promise<unknown> = () => Promise.resolve({});
vi.mock('@/server/documents/documents', () => ({ getDocuments: () => ({ collection: () => ({ doc: () => ({ get: () => reads() }) }) }) }));

const { GET } = await import('./route');

describe('GET /api/ready', () => {
  it('answers 200 {ready: true} when the store reads, 503 with the reason when it does not', async () => {
    const ready = await GET(new Request('http://localhost/api/ready'));
    expect([ready.status, await ready.json()]).toEqual([200, { ready: true, storeMs: expect.any(Number) }]);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    reads = () => Promise.reject(new Error('PERMISSION_DENIED'));
    const down = await GET(new Request('http://localhost/api/ready'));
    expect([down.status, await down.json()]).toEqual([503, { ready: false, reason: 'store-unavailable' }]);
  });
});
