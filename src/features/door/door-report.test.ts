// The admins' CSV of a night: one line per admission and drink, in the admin's words and the
// delimiter their spreadsheets expect, cells quoted where needed and formulas written as text.
import { describe, expect, it } from 'vitest';
import { DOOR_REPORT_COLUMNS, doorReport, doorReportCells, toCsv, type DoorReportWords } from './door-report';
import { doorNight } from './test-door';

describe('the door report', () => {
  const tonight = doorNight();

  it('gives admins the night as CSV', async () => {
    const later = await tonight.admitAdaThenPour();
    const rows = await doorReport(tonight.documents, 'tonight');
    expect(rows.map((row) => [row.kind, row.name, row.door, row.source, row.drink])).toEqual([
      ['admission', 'Person ada', 'Front, left', 'camera', null],
      ['drink', 'Person ada', 'Bar "up"', 'camera', 1],
    ]);
    const words: DoorReportWords = {
      columns: { kind: 'Eintrag', at: 'Zeit (UTC)', name: 'Name', email: 'E-Mail', ticket: 'Als', sponsor: 'Gast von', people: 'Personen', door: 'Tür', source: 'Erfasst per', drink: 'Getränk Nr.', firstDoor: 'Erste Tür', firstAt: 'Zuerst um' },
      kinds: { admission: 'Einlass', offlineAdmission: 'Einlass (offline)', exit: 'Ausgang', reentry: 'Wiedereinlass', drink: 'Getränk', secondAdmission: 'Doppelt', staleList: 'Alte Liste', badCode: 'Code', disabledAccount: 'Gesperrt', byNameOffline: 'Per Name', byNameNoMembership: 'Per Name ohne', byNameNotListed: 'Nicht gelistet', outsideNight: 'Außerhalb', impossibleTime: 'Unmöglich', codeOutOfWindow: 'Alter Code', pastCapacity: 'Über Kapazität', banned: 'Hausverbot' },
      sources: { camera: 'Kamera', manual: 'Name', keyboard: 'Handscanner' },
      tickets: { member: 'Mitglied', guest: 'Gast', guestList: 'Gästeliste', public: 'Öffentlich' },
    };
    const cells = doorReportCells(rows, words);
    expect(cells[1]).toEqual({ kind: 'Getränk', at: later.toISOString(), name: 'Person ada', email: expect.any(String), ticket: 'Mitglied', sponsor: '', people: '1', door: 'Bar "up"', source: 'Kamera', drink: '1', firstDoor: '', firstAt: '' });
    const csv = toCsv(DOOR_REPORT_COLUMNS, cells);
    expect(csv.split('\r\n')[0]).toBe('kind,at,name,email,ticket,sponsor,people,door,source,drink,firstDoor,firstAt');
    expect(csv).toContain('"Front, left"');
    expect(csv).toContain('"Bar ""up"""');
    // German spreadsheets split on semicolons: a comma is plain text there, a semicolon is quoted.
    const german = toCsv(DOOR_REPORT_COLUMNS, cells, { headings: words.columns, delimiter: ';' });
    expect(german.split('\r\n')[0]).toBe('Eintrag;Zeit (UTC);Name;E-Mail;Als;Gast von;Personen;Tür;Erfasst per;Getränk Nr.;Erste Tür;Zuerst um');
    expect(german).toContain(';Front, left;Kamera;');
    // A guest-list party's admission and exit are a line each for all its people, with its kind and sponsor.
    const crew = await tonight.addTicket('crewTicket000001', { kind: 'guestList', party: 3, holder: { name: 'Kai Crew', email: 'kai@example.org' }, sponsorName: 'Alex Admin' });
    await tonight.scan(crew);
    await tonight.scan(crew, { mode: 'exit' }, new Date(later.getTime() + 60_000));
    const withCrew = doorReportCells(await doorReport(tonight.documents, 'tonight'), words).filter((cell) => cell.name === 'Kai Crew');
    expect(withCrew.map((cell) => [cell.kind, cell.ticket, cell.sponsor, cell.people, cell.email])).toEqual([
      ['Einlass', 'Gästeliste', 'Alex Admin', '4', 'kai@example.org'],
      ['Ausgang', 'Gästeliste', 'Alex Admin', '4', 'kai@example.org'],
    ]);
    expect(toCsv(['door'] as const, [{ door: 'Bar; up' }], { delimiter: ';' })).toBe('door\r\n"Bar; up"\r\n');
    // A name a spreadsheet would run as a formula is written as text.
    expect(toCsv(['name'] as const, [{ name: '=HYPERLINK("x")' }])).toBe(`name\r\n"'=HYPERLINK(""x"")"\r\n`);
  });
});
