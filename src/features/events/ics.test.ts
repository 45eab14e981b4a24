// The "add to calendar" file is valid iCalendar: escaped, folded by octets, CRLF throughout.
import { describe, expect, it } from 'vitest';
import { eventCalendar, type CalendarEvent } from './ics';

const EVENT: CalendarEvent = {
  uid: 'evt_123@nordlicht.example',
  url: 'https://nordlicht.example/de/events/jazz-abend?ref=ics',
  title: 'Jazz-Abend',
  description: 'Live-Musik im Saal',
  location: 'Nordlicht, Saal 1',
  startsAt: new Date('2026-03-29T17:30:00Z'),
  endsAt: new Date('2026-03-29T20:00:00.500Z'),
  cancelled: false,
  updatedAt: new Date('2026-03-01T09:15:07Z'),
};
const NOW = new Date('2026-03-02T10:00:00.123Z');

const physicalLines = (ics: string) => ics.split('\r\n').slice(0, -1);
const unfold = (ics: string) => ics.replace(/\r\n /g, '');
const contentLines = (ics: string) => unfold(ics).split('\r\n').slice(0, -1);
const property = (ics: string, name: string) => contentLines(ics).find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);

describe('eventCalendar', () => {
  it('writes one published VEVENT inside a VCALENDAR, with times in UTC', () => {
    expect(contentLines(eventCalendar(EVENT, NOW))).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Nordlicht//Events//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:evt_123@nordlicht.example',
      'DTSTAMP:20260302T100000Z',
      'LAST-MODIFIED:20260301T091507Z',
      'DTSTART:20260329T173000Z',
      'DTEND:20260329T200000Z',
      'SUMMARY:Jazz-Abend',
      'DESCRIPTION:Live-Musik im Saal',
      'LOCATION:Nordlicht\\, Saal 1',
      'URL:https://nordlicht.example/de/events/jazz-abend?ref=ics',
      'STATUS:CONFIRMED',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
  });

  it('ends every line, including the last, with CRLF and has no bare CR or LF', () => {
    const ics = eventCalendar({ ...EVENT, description: 'a\nb\r\nc\rd'.repeat(30) }, NOW);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('escapes backslashes, semicolons, commas and newlines in text', () => {
    const ics = eventCalendar({ ...EVENT, title: 'Rock; Pop, Jazz \\ mehr', description: 'Zeile 1\nZeile 2\r\nZeile 3' }, NOW);
    expect(property(ics, 'SUMMARY')).toBe('Rock\\; Pop\\, Jazz \\\\ mehr');
    expect(property(ics, 'DESCRIPTION')).toBe('Zeile 1\\nZeile 2\\nZeile 3');
  });

  it('does not escape the URL, but keeps line breaks out of it', () => {
    const ics = eventCalendar({ ...EVENT, url: 'https://x.example/a,b;c\r\nSTATUS:CANCELLED' }, NOW);
    expect(property(ics, 'URL')).toBe('https://x.example/a,b;cSTATUS:CANCELLED');
    expect(property(ics, 'STATUS')).toBe('CONFIRMED');
  });

  it('marks a cancelled event as CANCELLED', () => {
    expect(property(eventCalendar({ ...EVENT, cancelled: true }, NOW), 'STATUS')).toBe('CANCELLED');
  });

  it('stamps the file with the current time by default', () => {
    const before = Date.now();
    const stamp = property(eventCalendar(EVENT), 'DTSTAMP')!;
    const parsed = Date.parse(stamp.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    expect(parsed).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(parsed).toBeLessThanOrEqual(Date.now());
  });

  it('folds long German text into lines of at most 75 octets that unfold to the original', () => {
    const description =
      'Über den Dächern der Stadt: Ein größeres Frühlingsfest mit Bühne, Straßenküche und Gästen aus Köln, Düsseldorf und Lübeck. ' +
      'Eintritt frei – Spenden für die Jugendförderung sind willkommen! 🎷🎶 Weißwurst, Brötchen & Süßes für alle. '.repeat(3);
    const ics = eventCalendar({ ...EVENT, description }, NOW);
    const lines = physicalLines(ics);
    expect(lines.length).toBeGreaterThan(contentLines(ics).length);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    expect(property(ics, 'DESCRIPTION')).toBe(description.replace(/,/g, '\\,'));
  });

  it('moves a multi-byte character to the next line rather than splitting it', () => {
    // 'SUMMARY:' and 66 × 'x' make 74 octets; 'ä' needs two more.
    const ics = eventCalendar({ ...EVENT, title: `${'x'.repeat(66)}äöü` }, NOW);
    const lines = physicalLines(ics);
    const at = lines.indexOf(`SUMMARY:${'x'.repeat(66)}`);
    expect(at).toBeGreaterThan(-1);
    expect(lines[at + 1]).toBe(' äöü');
  });

  it('fills a line to exactly 75 octets before folding', () => {
    const ics = eventCalendar({ ...EVENT, title: 'x'.repeat(67 + 74 + 3) }, NOW);
    const lines = physicalLines(ics);
    const at = lines.findIndex((line) => line.startsWith('SUMMARY:'));
    expect(lines.slice(at, at + 3).map((line) => line.length)).toEqual([75, 75, 4]);
  });
});
