// A live stream ends at its maximum duration without a closing event, so the browser's EventSource
// reconnects by itself. The duration is shortened here; the real one is in stream-limits.ts.
import { describe, expect, it, vi } from 'vitest';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { createContextInner } from '@/server/trpc/context';

vi.mock('@/server/live/stream-limits', async (original) => ({ ...(await original<object>()), MAX_STREAM_DURATION_MS: 400 }));

describe('live stream duration', () => {
  it('ends the stream after the maximum duration, releasing its slot and its watcher', async () => {
    const { appRouter } = await import('@/server/trpc/router');
    const { streamSlots } = await import('./live-stream');
    const documents = new SqliteDocuments(':memory:');
    const request = new Request('http://localhost/api/trpc/events.live', { headers: { 'x-forwarded-for': '192.0.2.9' } });
    const started = Date.now();
    const response = await fetchRequestHandler({
      endpoint: '/api/trpc',
      req: request,
      router: appRouter,
      createContext: () => createContextInner({ documents, identity: null, clientAddress: '192.0.2.9' }),
    });
    const text = await Promise.race([
      response.text(),
      new Promise<string>((_, reject) => setTimeout(() => reject(new Error('The stream was still open after 4 s.')), 4000)),
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(text).toMatch(/\nid: 1\n/);
    // No `return` event: that would tell the browser the subscription is over for good.
    expect(text).not.toContain('event: return');
    await expect.poll(() => streamSlots.count('192.0.2.9')).toBe(0);
    expect((documents as unknown as { feed: { listenerCount(name: string): number } }).feed.listenerCount('change')).toBe(0);
  });
});
