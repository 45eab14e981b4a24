import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { DiskFiles } from '@/server/files/embedded/disk-files';
import { probeImage } from '@/server/images/probe';
import { Events } from '@/features/events/events';
import { Images } from '@/features/images/images';
import { findEventBySlug, listPublicEvents } from '@/features/events/public-events';
import { programmeOf } from '@/features/events/programme';
import { doorIsOpen } from '@/features/door/admission';
import { mirrorProblems } from '@/features/events/test-mirror';
import { seedDemoEvents } from './demo-events';

const root = mkdtempSync(join(tmpdir(), 'demo-events-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('demo programme', () => {
  it('writes past, upcoming, cancelled and draft events with covers that exist, once', async () => {
    const documents = new SqliteDocuments(':memory:');
    const ports = { documents, files: new DiskFiles(join(root, 'files'), 'http://localhost:3000'), probe: probeImage };
    const now = new Date('2026-11-21T12:00:00Z');
    const first = await seedDemoEvents(ports, 'demo-admin', now);
    expect(first.events).toBeGreaterThanOrEqual(6);
    expect(first.images).toBeGreaterThanOrEqual(first.events);

    const events = (await documents.collection(Events).get()).map((snapshot) => snapshot.data);
    expect(new Set(events.map((event) => event.status))).toEqual(new Set(['published', 'cancelled', 'draft']));
    for (const event of events) {
      expect(event.cover, event.slug).not.toBeNull();
      expect((await documents.collection(Images).doc(event.cover!.imageId).get()).exists).toBe(true);
      // The open house runs at first start (so a fresh demo can scan); every other night starts at
      // 21:00 at the venue, whichever side of a clock change it falls on.
      if (event.slug === 'members-open-house') {
        expect(doorIsOpen(event, now)).toBe(true);
        continue;
      }
      expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }).format(event.startsAt)).toBe('21:00');
    }
    // Written like every event: the public ones mirrored, the draft not.
    expect(await mirrorProblems(documents)).toEqual([]);
    const programme = programmeOf(await listPublicEvents(documents), now);
    expect(programme.upcoming.length).toBeGreaterThan(0);
    expect(programme.past.length).toBeGreaterThan(0);
    expect(await findEventBySlug(documents, 'harbour-lights')).toMatchObject({ kind: 'event' });
    expect(await findEventBySlug(documents, 'new-years-eve')).toEqual({ kind: 'missing' });
    const gallery = await documents.collection(Images).where('tags', 'array-contains', 'gallery').get();
    expect(gallery.length).toBe(8);

    expect(await seedDemoEvents(ports, 'demo-admin', now)).toEqual({ images: 0, events: 0 });
  }, 60_000);
});
