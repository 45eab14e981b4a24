// Open live streams per client address, through the real tRPC handler as a browser reaches it.
import { describe, expect, it } from 'vitest';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { createContextInner } from '@/server/trpc/context';
import { appRouter } from '@/server/trpc/router';
import { clientAddress } from '@/server/http/client-address';
import { MAX_STREAMS_PER_ADDRESS } from './stream-limits';

const documents = new SqliteDocuments(':memory:');

/** Opens `events.live` from `address` and returns its first event (a list or an error) and a way to close it. */
async function open(address: string) {
  const abort = new AbortController();
  const request = new Request('http://localhost/api/trpc/events.live', { signal: abort.signal, headers: { 'x-forwarded-for': address } });
  const response = await fetchRequestHandler({
    endpoint: '/api/trpc',
    req: request,
    router: appRouter,
    createContext: () => createContextInner({ documents, identity: null, clientAddress: clientAddress(request.headers) }),
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  // The first event after `connected`: the list, or the refusal.
  while (!/\nid: \d+\n|event: serialized-error\ndata: .*\n/.test(text)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += value;
  }
  return {
    text,
    close: async () => {
      abort.abort();
      await reader.cancel().catch(() => {});
    },
  };
}

describe('open live streams per client address', () => {
  it(`refuses stream ${MAX_STREAMS_PER_ADDRESS + 1} from one address with a clear message, and takes it again once one closes`, async () => {
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_ADDRESS; i++) {
      const stream = await open('203.0.113.7');
      expect(stream.text).toMatch(/\nid: 1\n/);
      streams.push(stream);
    }
    const refused = await open('203.0.113.7');
    expect(refused.text).toContain('event: serialized-error');
    expect(refused.text).toContain('TOO_MANY_REQUESTS');
    expect(refused.text).toContain('Too many live streams are open from your address');

    // Another address is not affected.
    const elsewhere = await open('198.51.100.1');
    expect(elsewhere.text).toMatch(/\nid: 1\n/);
    await elsewhere.close();

    await streams.pop()!.close();
    // The slot is free once the server has wound the closed stream down.
    await expect.poll(async () => {
      const again = await open('203.0.113.7');
      await again.close();
      return /\nid: 1\n/.test(again.text);
    }).toBe(true);
    await Promise.all(streams.map((stream) => stream.close()));
  });
});
