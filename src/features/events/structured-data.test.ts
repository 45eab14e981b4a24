import { describe, expect, it } from 'vitest';
import type { PublicEvent } from './public-events';
import { calendarPath, eventJsonLd, eventPath, mapUrl, previewImage, scriptJson } from './structured-data';

const event: PublicEvent = {
  id: 'e1',
  slug: 'harbour-lights',
  status: 'published',
  title: { en: 'Harbour Lights', de: 'Hafenlichter' },
  summary: { en: 'Jazz by the water.', de: 'Jazz am Wasser.' },
  description: { en: 'Music **all night**.', de: '' },
  startsAt: new Date('2030-06-05T19:00:00Z'),
  endsAt: new Date('2030-06-06T01:00:00Z'),
  doorsAt: new Date('2030-06-05T18:00:00Z'),
  venue: { name: 'Nordlicht', address: 'Kaistraße 7, 12345 Musterstadt' },
  cover: { imageId: 'img 1', width: 1600, height: 900, alt: { en: 'Stage', de: 'Bühne' } },
  updatedAt: new Date('2030-01-02'),
};

describe('event structured data', () => {
  it('describes the event as a schema.org Event with name, start, location and image, in the page language', () => {
    const data = JSON.parse(scriptJson(eventJsonLd(event, 'de', 'https://venue.example/'))) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Hafenlichter',
      description: 'Jazz am Wasser.',
      startDate: '2030-06-05T19:00:00.000Z',
      endDate: '2030-06-06T01:00:00.000Z',
      eventStatus: 'https://schema.org/EventScheduled',
      url: 'https://venue.example/de/events/harbour-lights',
      location: { '@type': 'Place', name: 'Nordlicht', address: 'Kaistraße 7, 12345 Musterstadt' },
      image: ['https://venue.example/api/images/img%201?w=1280'],
    });
  });

  it('marks a cancelled event, and shows the site’s card when there is no cover', () => {
    const data = eventJsonLd({ ...event, status: 'cancelled', cover: null }, 'en', 'https://venue.example');
    expect(data.eventStatus).toBe('https://schema.org/EventCancelled');
    expect(data.image).toEqual(['https://venue.example/social-card.png']);
  });

  it('never lets text close the script element it is written into', () => {
    const json = scriptJson(eventJsonLd({ ...event, title: { en: '</script><script>alert(1)</script>', de: '' } }, 'en', 'https://venue.example'));
    expect(json).not.toContain('</script>');
    expect((JSON.parse(json) as { name: string }).name).toBe('</script><script>alert(1)</script>');
  });

  it('uses a preview rendition no wider than the original, keeping its proportions', () => {
    expect(previewImage('https://venue.example', event)).toEqual({ url: 'https://venue.example/api/images/img%201?w=1280', width: 1280, height: 720 });
    expect(previewImage('https://venue.example', { cover: { ...event.cover!, width: 700, height: 525 } })).toEqual({
      url: 'https://venue.example/api/images/img%201?w=640',
      width: 640,
      height: 480,
    });
  });

  it('links the map, the calendar file and the page in each language', () => {
    expect(mapUrl(event.venue)).toBe('https://www.openstreetmap.org/search?query=Nordlicht%2C%20Kaistra%C3%9Fe%207%2C%2012345%20Musterstadt');
    expect(calendarPath('de', 'harbour-lights')).toBe('/api/events/harbour-lights/calendar?locale=de');
    expect(eventPath('en', 'harbour-lights')).toBe('/events/harbour-lights');
    expect(eventPath('de', 'harbour-lights')).toBe('/de/events/harbour-lights');
  });
});
