// What the member's pass reads when the shared watcher wakes it (decision 054): nothing when this
// server's change is their own admission to the night it shows, the night's records otherwise.
import { describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import type { DocumentChange } from '@/server/documents/port';
import { recordingDocuments } from '@/server/testing/recording-documents';
import { Checkins, Drinks } from './door-records';
import { memberNightFeed } from './door-feeds';
import { person } from './test-door';
import type { MemberNight } from './door-figures';

// Tonight's door open now (the pass keeps a night only while its door is open).
const AT = new Date(Date.now() - 3_600_000);
const night: MemberNight = {
  event: { id: 'tonight', title: { en: 'Tonight', de: 'Heute' }, startsAt: AT, doorsAt: AT, endsAt: new Date(AT.getTime() + 4 * 3_600_000), capacity: 100, drinkAllowance: 2, barMenu: { en: '', de: '' }, open: true },
  checkedInAt: null,
  drinksUsed: 0,
  drinksLeft: 2,
};
const change = (collection: string, data: Record<string, unknown>, type: DocumentChange['type'] = 'created'): DocumentChange => ({ collection, id: `tonight_ada`, type, data, before: undefined });

function feed() {
  let reads = 0;
  const collections = new Set<string>();
  const documents = recordingDocuments(new SqliteDocuments(':memory:'), (read) => {
    reads += read.documents;
    collections.add(read.collection);
  });
  return { read: memberNightFeed(documents, person('ada', 'user')).read, reads: () => reads, collections };
}

describe("the member's pass, woken", () => {
  it('shows their own admission by this server from the change alone, reading nothing', async () => {
    const pass = feed();
    const woken = await pass.read({ previous: night, changes: [change(Checkins.name, { eventId: 'tonight', uid: 'ada', at: AT })] });
    expect(woken).toEqual({ ...night, checkedInAt: AT });
    expect(pass.reads()).toBe(0);
  });

  it('reads again for anything else: a drink, another night’s admission, or another server’s write (no changes)', async () => {
    for (const changes of [[change(Drinks.name, { eventId: 'tonight', uid: 'ada', number: 1, at: AT })], [change(Checkins.name, { eventId: 'yesterday', uid: 'ada', at: AT })], []]) {
      const pass = feed();
      await pass.read({ previous: night, changes });
      expect(pass.reads(), JSON.stringify(changes)).toBeGreaterThan(0);
    }
  });

  it('reads the programme again for another server’s write, so an edit of the night made there shows; its own drink reads only the night', async () => {
    const read = async (changes: DocumentChange[]) => {
      const pass = feed();
      await pass.read({ previous: night, changes });
      return pass.collections;
    };
    expect(await read([])).toContain('events');
    expect(await read([change(Drinks.name, { eventId: 'tonight', uid: 'ada', number: 1, at: AT })])).not.toContain('events');
  });
});
