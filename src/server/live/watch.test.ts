import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { defineCollection } from '@/server/documents/port';
import { followRead, watchRead, type SharedUpdate, type Wake } from './watch';
import type { SharedResult } from './serialization';

const Notes = defineCollection('notes', z.object({ text: z.string() }));
const Other = defineCollection('other', z.object({ text: z.string() }));
const Mine = defineCollection('mine', z.object({ uid: z.string().optional(), text: z.string() }));

function listeners(documents: SqliteDocuments): number {
  return (documents as unknown as { feed: { listenerCount(name: string): number } }).feed.listenerCount('change');
}

describe('live reads on the change feed', () => {
  it('yields the current result, then a new one after each burst of writes, and stops when aborted', async () => {
    const documents = new SqliteDocuments(':memory:');
    const controller = new AbortController();
    const read = async () => (await documents.collection(Notes).get()).map((note) => note.data.text).sort();
    const live = watchRead({ documents, key: 'notes', concerns: { notes: 'every' }, read, signal: controller.signal });

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
    expect(listeners(documents)).toBe(0);
  });

  it('hands followers of a feed, with generators beside them, one result and one frame per change, and lets go when they stop', async () => {
    const documents = new SqliteDocuments(':memory:');
    let reads = 0;
    const read = async () => {
      reads += 1;
      return (await documents.collection(Notes).get()).map((note) => note.data.text).sort();
    };
    const options = { documents, key: 'notes', concerns: { notes: 'every' as const }, read };
    const updates: SharedUpdate[][] = Array.from({ length: 50 }, () => []);
    const stops = updates.map((list) => followRead(options, (update) => list.push(update)));
    const controller = new AbortController();
    const generator = watchRead({ ...options, signal: controller.signal });
    expect((await generator.next()).value).toEqual([]);
    await documents.collection(Notes).doc('a').set({ text: 'first' });
    expect((await generator.next()).value).toEqual(['first']);

    expect(reads).toBe(2);
    const latest = updates.map((list) => (list.at(-1) as { result: SharedResult }).result);
    expect(new Set(latest).size).toBe(1);
    expect(latest[0]!.value).toEqual(['first']);
    // The frame is made once for all of them: the very same bytes.
    expect(new Set(latest.map((result) => result.frame)).size).toBe(1);
    expect(new TextDecoder().decode(latest[0]!.frame)).toBe(`data: {"json":{"shared":"${latest[0]!.id}","data":{"json":["first"]}}}\n\n`);

    for (const stop of stops) stop();
    controller.abort();
    await generator.next();
    expect(listeners(documents)).toBe(0);
  });

  it('reads once per change for any number of subscribers of the same feed, and the last one to leave ends the watcher', async () => {
    const documents = new SqliteDocuments(':memory:');
    let reads = 0;
    const read = async () => {
      reads += 1;
      return (await documents.collection(Notes).get()).map((note) => note.data.text).sort();
    };
    const controllers = Array.from({ length: 50 }, () => new AbortController());
    const streams = controllers.map((controller) => watchRead({ documents, key: 'notes', concerns: { notes: 'every' }, read, signal: controller.signal }));

    const first = await Promise.all(streams.map((stream) => stream.next()));
    expect(first.map((result) => result.value)).toEqual(Array(50).fill([]));
    expect(reads).toBe(1);

    for (const text of ['one', 'two', 'three']) {
      const next = Promise.all(streams.map((stream) => stream.next()));
      await documents.collection(Notes).doc(text).set({ text });
      await next;
    }
    expect(reads).toBe(4);
    expect(listeners(documents)).toBe(1);

    // A stream with other parameters has a watcher (and reads) of its own.
    const other = new AbortController();
    const elsewhere = watchRead({ documents, key: 'notes, other parameters', concerns: { notes: 'every' }, read, signal: other.signal });
    await elsewhere.next();
    expect(reads).toBe(5);
    other.abort();
    await elsewhere.next();

    for (const controller of controllers.slice(1)) controller.abort();
    await Promise.all(streams.slice(1).map((stream) => stream.next()));
    expect(listeners(documents)).toBe(1);
    controllers[0]!.abort();
    expect((await streams[0]!.next()).done).toBe(true);
    expect(listeners(documents)).toBe(0);
  });

  it("wakes only for the changes that concern it (a delete by what it removed, a document naming nobody always), and tells the read what they were", async () => {
    const documents = new SqliteDocuments(':memory:', { indexes: [{ collection: 'mine', fields: ['uid'] }] });
    const controller = new AbortController();
    const wakes: (string[] | 'everything')[] = [];
    const read = async (wake?: Wake<string[]>) => {
      wakes.push(wake ? wake.changes.map((change) => `${change.type} ${change.id}`) : 'everything');
      return (await documents.collection(Mine).where('uid', '==', 'ada').get()).map((entry) => entry.data.text);
    };
    const live = watchRead({ documents, key: 'mine ada', concerns: { mine: { field: 'uid', value: 'ada' } }, read, signal: controller.signal });
    expect((await live.next()).value).toEqual([]);

    let next = live.next();
    await documents.collection(Mine).doc('bob-1').set({ uid: 'bob', text: 'not hers' });
    await documents.collection(Mine).doc('ada-1').set({ uid: 'ada', text: 'hers' });
    expect((await next).value).toEqual(['hers']);
    next = live.next();
    await documents.collection(Mine).doc('bob-1').delete();
    await documents.collection(Mine).doc('ada-1').delete();
    expect((await next).value).toEqual([]);
    next = live.next();
    await documents.collection(Mine).doc('nobody').set({ text: 'whose?' });
    await next;
    expect(wakes).toEqual(['everything', ['created ada-1'], ['deleted ada-1'], ['created nobody']]);
    controller.abort();
    await live.next();
  });
});

