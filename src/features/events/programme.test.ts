import { describe, expect, it } from 'vitest';
import superjson from 'superjson';
import type { PublicEvent } from './public-events';
import { PAST_SHOWN, programmeKey, programmeOf } from './programme';
import { readQuickly, type SuperJsonResult } from '@/features/live/client/superjson-lite';

const now = new Date('2030-06-01T12:00:00Z');

function event(id: string, startsAt: string, changes: Partial<PublicEvent> = {}): PublicEvent {
  const start = new Date(startsAt);
  return {
    id,
    slug: `event-${id}`,
    status: 'published',
    title: { en: `Night ${id}`, de: `Nacht ${id}` },
    summary: { en: 'Music.', de: 'Musik.' },
    description: { en: '', de: '' },
    startsAt: start,
    endsAt: new Date(start.getTime() + 5 * 3_600_000),
    doorsAt: new Date(start.getTime() - 3_600_000),
    venue: { name: 'Nordlicht', address: 'Kaistraße 7, 12345 Musterstadt' },
    cover: { imageId: `img-${id}`, width: 1600, height: 900, alt: { en: 'Stage', de: 'Bühne' } },
    updatedAt: new Date('2030-01-02T00:00:00Z'),
    ...changes,
  };
}

const events = [event('a', '2030-06-05T19:00:00Z'), event('b', '2030-05-20T19:00:00Z'), event('c', '2030-07-01T19:00:00Z', { cover: null })];

describe('programmeOf', () => {
  it('puts what has not ended first, soonest first, and what has ended after, latest first', () => {
    const { upcoming, past } = programmeOf([...events, event('d', '2030-05-01T19:00:00Z')], now);
    expect(upcoming.map((e) => e.id)).toEqual(['a', 'c']);
    expect(past.map((e) => e.id)).toEqual(['b', 'd']);
  });

  it(`shows at most ${PAST_SHOWN} past events`, () => {
    const many = Array.from({ length: PAST_SHOWN + 5 }, (_, i) => event(`p${i}`, new Date(Date.UTC(2029, 0, 1 + i, 19)).toISOString()));
    expect(programmeOf(many, now).past).toHaveLength(PAST_SHOWN);
  });
});

describe('programmeKey', () => {
  const key = programmeKey(programmeOf(events, now));

  it('is the same for the list the browser receives live (through superjson) as for the server’s', () => {
    const wire = JSON.parse(JSON.stringify(superjson.serialize(events))) as SuperJsonResult;
    const received = readQuickly(wire);
    expect(received.read).toBe(true);
    expect(programmeKey(programmeOf(received.read ? (received.value as PublicEvent[]) : [], now))).toBe(key);
  });

  it('ignores the order of fields and fields that are undefined rather than absent', () => {
    const reordered = events.map((e) => Object.fromEntries(Object.entries(e).reverse()) as unknown as PublicEvent);
    expect(programmeKey(programmeOf(reordered, now))).toBe(key);
    expect(programmeKey(programmeOf(events.map((e) => ({ ...e, extra: undefined })), now))).toBe(key);
  });

  it.each([
    ['a title', [event('a', '2030-06-05T19:00:00Z', { title: { en: 'Night a', de: 'Nacht A' } }), events[1]!, events[2]!]],
    ['a cancellation', [event('a', '2030-06-05T19:00:00Z', { status: 'cancelled' }), events[1]!, events[2]!]],
    ['a start', [event('a', '2030-06-05T19:30:00Z'), events[1]!, events[2]!]],
    ['a new cover', [events[0]!, events[1]!, event('c', '2030-07-01T19:00:00Z')]],
    ['an event more', [...events, event('e', '2030-08-01T19:00:00Z')]],
    ['an event less', events.slice(0, 2)],
  ])('changes with %s', (_, changed) => {
    expect(programmeKey(programmeOf(changed, now))).not.toBe(key);
  });

  it('changes when an event ends while the page is open', () => {
    expect(programmeKey(programmeOf(events, new Date('2030-06-06T01:00:00.001Z')))).not.toBe(key);
    expect(programmeKey(programmeOf(events, new Date('2030-06-02T12:00:00Z')))).toBe(key);
  });

  it('is short, however long the programme', () => {
    const many = Array.from({ length: 200 }, (_, i) => event(`m${i}`, new Date(Date.UTC(2030, 6, 1 + i, 19)).toISOString()));
    expect(programmeKey(programmeOf(many, now)).length).toBeLessThan(24);
  });
});
