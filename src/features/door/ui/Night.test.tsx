// The drawn night: each chart's table holds exactly the chart's figures, with a caption and
// headers; the canvas is hidden from screen readers, the lines are named in words; no scans, a sentence.
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import { VENUE_TIME_ZONE } from '@/i18n/routing';
import type { NightFigures } from '../night';
import { NightDrawn } from './Night';
import { arrivalsData, insideData } from './night-lines';

const at = (time: string) => new Date(`2026-11-27T${time}:00Z`);

const night: NightFigures = {
  eventId: 'tonight',
  steps: [at('21:00'), at('21:15'), at('21:30')],
  doors: ['Front door', 'Side door'],
  arrivals: [
    { door: 'Front door', people: [1, 0, 3] },
    { door: 'Side door', people: [1, 2, 0] },
  ],
  inside: { members: [2, 3, 2], guests: [0, 1, 4] },
  refused: [
    { verdict: 'invalid', count: 3 },
    { verdict: 'full', count: 1 },
  ],
  admitted: 7,
  guestsAdmitted: 4,
  insideNow: 6,
  peakInside: 7,
  peakAt: at('21:32'),
  conflicts: 0,
  overrides: 1,
  bansApplied: 0,
};

function render(figures: NightFigures, locale: 'en' | 'de' = 'en') {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : de} timeZone={VENUE_TIME_ZONE}>
      <NightDrawn night={figures} />
    </NextIntlClientProvider>,
  );
}

/** A table's rows as the cells' text, header row first. */
function rowsOf(html: string, testId: string): string[][] {
  const table = html.match(new RegExp(`<table data-testid="${testId}">([\\s\\S]*?)</table>`))![1]!;
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row]) => [...row!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map(([, cell]) => cell!));
}

describe('the drawn night', () => {
  it('gives the arrivals chart a table with the same figures: a row per 15 minutes, a column per door, totals', () => {
    const rows = rowsOf(render(night), 'night-arrivals-table');
    // Venue time (Berlin, UTC+1 in November).
    expect(rows).toEqual([
      ['Time', 'Front door', 'Side door', 'Total'],
      ['22:00–22:15', '1', '1', '2'],
      ['22:15–22:30', '0', '2', '2'],
      ['22:30–22:45', '3', '0', '3'],
      ['Total', '4', '3', '7'],
    ]);
    // The chart is drawn from the same numbers (and one more x for the last step's end).
    const { x, series } = arrivalsData(night);
    expect(series).toEqual([
      [1, 0, 3, 3],
      [1, 2, 0, 0],
    ]);
    expect(x).toEqual([...night.steps.map((step) => step.getTime() / 1000), at('21:45').getTime() / 1000]);
  });

  it('gives the inside chart a table of members and guests at each step’s end', () => {
    const rows = rowsOf(render(night), 'night-inside-table');
    expect(rows).toEqual([
      ['Time', 'Members', 'Guests and tickets', 'Total'],
      ['22:00–22:15', '2', '0', '2'],
      ['22:15–22:30', '3', '1', '4'],
      ['22:30–22:45', '2', '4', '6'],
    ]);
    expect(insideData(night)).toEqual({ x: [at('21:15'), at('21:30'), at('21:45')].map((end) => end.getTime() / 1000), series: [night.inside.members, night.inside.guests] });
  });

  it('captions each table, hides the canvases from screen readers and names every line in words', () => {
    const html = render(night);
    expect(html).toContain(`<caption>${en.AdminDoor.night.arrivalsCaption}</caption>`);
    expect(html).toContain(`<caption>${en.AdminDoor.night.insideCaption}</caption>`);
    expect(html.match(/<summary>Show as table<\/summary>/g)).toHaveLength(2);
    expect(html.match(/<div class="[^"]*night__chart[^"]*"[^>]*aria-hidden="true"/g)).toHaveLength(2);
    for (const name of ['Front door', 'Side door', 'Members', 'Guests and tickets']) expect(html).toMatch(new RegExp(`</svg>${name}</li>`));
    // Two lines never look alike but for colour: the second is dashed.
    expect(html).toContain('stroke-dasharray="8 4"');
    expect(html).toContain('7 at 22:32');
    expect(html).toContain(`${en.Scanner.verdicts.invalid}</span> <strong>3</strong>`);
  });

  it('speaks German', () => {
    const html = render(night, 'de');
    expect(rowsOf(html, 'night-inside-table')[0]).toEqual(['Zeit', 'Mitglieder', de.AdminDoor.guests, 'Gesamt']);
    expect(html).toContain('7 um 22:32');
  });

  it('says so when the door has scanned nobody yet', () => {
    const html = render({ ...night, doors: [], arrivals: [], inside: { members: [0, 0, 0], guests: [0, 0, 0] }, refused: [], admitted: 0, peakInside: 0, peakAt: null });
    expect(html).toContain(en.AdminDoor.night.empty);
    expect(html).not.toContain('<table');
  });
});
