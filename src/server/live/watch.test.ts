import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { defineCollection } from '@/server/documents/port';
import { watchRead } from './watch';

const Notes = defineCollection('notes', z.object({ text: z.string() }));
const Other = defineCollection('other', z.object({ text: z.string() }));

describe('live reads on the change feed', () => {
  it('yields the current result, then a new one after each burst of writes, and stops when aborted', async () => {
    const documents = new SqliteDocuments(':memory:');
    const controller = new AbortController();
    const read = async () => (await documents.collection(Notes).get()).map((note) => note.data.text).sort();
    const live = watchRead(documents, ['notes'], read, controller.signal);

    expect((await live.next()).value).toEqual([]);
    const next = live.next();
    await documents.collection(Other).doc('x').set({ text: 'elsewhere' });
    await documents.collection(Notes).doc('a').set({ text: 'first' });
    await documents.collection(Notes).doc('b').set({ text: 'second' });
    // Both writes arrive in one result; the other collection's write wakes nobody.
    expect((await next).value).toEqual(['first', 'second']);

    const ended = live.next();
    controller.abort();
    expect((await ended).done).toBe(true);
    // The listener is gone: further writes cost nothing.
    await documents.collection(Notes).doc('c').set({ text: 'third' });
    expect((documents as unknown as { feed: { listenerCount(name: string): number } }).feed.listenerCount('change')).toBe(0);
  });
});
