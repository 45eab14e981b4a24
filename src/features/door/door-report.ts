// What admins take away: an event's admissions and drinks as lines of a CSV, in the admin's
// language (/api/door/{eventId}/report). Admissions an offline door decided are their own kind, and
// what the uploads flagged has a line each: a member admitted twice names both doors and times.
// Tickets (decision 050) have their lines too, with their kind, sponsor and the people a line lets
// in or out (a guest-list party's admission is one line for all of them).
import 'server-only';
import type { Documents } from '@/server/documents/port';
import { DomainError } from '@/server/domain-error';
import { Events } from '@/features/events/events';
import { Users } from '@/features/identity/users';
import { Checkins, DOOR_FLAGS, DoorConflicts, Drinks, Exits, Reentries } from './door-records';
import { ticketIdOfKey, Tickets, type TicketDocument } from './ticket-records';
import { peopleOf } from './admission';
import type { ScanSource, TicketKind } from './constants';

export const DOOR_REPORT_COLUMNS = ['kind', 'at', 'name', 'email', 'ticket', 'sponsor', 'people', 'door', 'source', 'drink', 'firstDoor', 'firstAt'] as const;
export type DoorReportColumn = (typeof DOOR_REPORT_COLUMNS)[number];

export const DOOR_REPORT_KINDS = ['admission', 'offlineAdmission', 'exit', 'reentry', 'drink', ...DOOR_FLAGS] as const;

export interface DoorReportRow {
  kind: (typeof DOOR_REPORT_KINDS)[number];
  at: Date;
  name: string;
  email: string;
  door: string;
  /** How the pass was read; null for a drink poured before drinks recorded it. */
  source: ScanSource | null;
  /** The drink's number for this person tonight; null for an admission. */
  drink: number | null;
  /** A member admitted twice: where and when the first admission was. */
  first?: { door: string; at: Date } | null;
  /** A ticket's line: its kind and sponsor, and the people the line lets in or out. */
  ticket?: { kind: TicketKind; sponsor: string; people: number } | null;
}

/** One line per admission, exit, re-entry and drink of an event, oldest first, for the admins' CSV. */
export async function doorReport(documents: Documents, eventId: string): Promise<DoorReportRow[]> {
  const event = (await documents.collection(Events).doc(eventId).get()).data;
  if (!event) throw new DomainError('not-found', 'eventNotFound');
  const [checkins, exits, reentries, drinks, flags] = await Promise.all([
    documents.collection(Checkins).where('eventId', '==', eventId).get(),
    documents.collection(Exits).where('eventId', '==', eventId).get(),
    documents.collection(Reentries).where('eventId', '==', eventId).get(),
    documents.collection(Drinks).where('eventId', '==', eventId).get(),
    documents.collection(DoorConflicts).where('eventId', '==', eventId).get(),
  ]);
  const uids = [...new Set([...checkins, ...exits, ...reentries, ...drinks, ...flags].map((entry) => entry.data.uid))];
  const people = new Map(await Promise.all(uids.filter((uid) => !ticketIdOfKey(uid)).map(async (uid) => [uid, (await documents.collection(Users).doc(uid).get()).data] as const)));
  const tickets = new Map(
    await Promise.all(
      uids.flatMap((uid) => {
        const id = ticketIdOfKey(uid);
        return id ? [(async () => [uid, (await documents.collection(Tickets).doc(id).get()).data] as const)()] : [];
      }),
    ),
  );
  const who = (uid: string): Pick<DoorReportRow, 'name' | 'email' | 'ticket'> => {
    const ticket: TicketDocument | undefined = tickets.get(uid);
    // A public ticket was taken, not brought: it names no sponsor.
    if (ticket) return { name: ticket.holder.name, email: ticket.holder.email ?? '', ticket: { kind: ticket.kind, sponsor: ticket.kind === 'public' ? '' : (ticket.sponsorName ?? ''), people: peopleOf(ticket) } };
    return { name: people.get(uid)?.displayName ?? '', email: people.get(uid)?.email ?? '' };
  };
  // A party's admission, exits and re-entries come one per person: one line each for all of them.
  const partyOf = (uid: string) => (tickets.get(uid) ? peopleOf(tickets.get(uid)!) : 1);
  const firstOfGroup = ({ data }: { data: { uid: string; number: number } }) => (data.number - 1) % partyOf(data.uid) === 0;
  return [
    ...checkins.filter(({ data }) => !data.companion).map(({ data }): DoorReportRow => ({ kind: data.offline ? 'offlineAdmission' : 'admission', at: data.at, ...who(data.uid), door: data.device, source: data.source, drink: null })),
    ...exits.filter(firstOfGroup).map(({ data }): DoorReportRow => ({ kind: 'exit', at: data.at, ...who(data.uid), door: data.device, source: data.source, drink: null })),
    ...reentries.filter(firstOfGroup).map(({ data }): DoorReportRow => ({ kind: 'reentry', at: data.at, ...who(data.uid), door: data.device, source: data.source, drink: null })),
    ...drinks.map(({ data }): DoorReportRow => ({ kind: 'drink', at: data.at, ...who(data.uid), door: data.device, source: data.source ?? null, drink: data.number })),
    ...flags.map(({ data }): DoorReportRow => ({ kind: data.kind, at: data.second.at, ...who(data.uid), door: data.second.device, source: null, drink: null, first: data.first ? { door: data.first.device, at: data.first.at } : null })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The words of the CSV in the admin's language: column headings, kinds of line and how a pass was read. */
export interface DoorReportWords {
  columns: Record<DoorReportColumn, string>;
  kinds: Record<(typeof DOOR_REPORT_KINDS)[number], string>;
  sources: Record<ScanSource, string>;
  /** A ticket's kind; a member's lines say `member`. */
  tickets: Record<TicketKind | 'member', string>;
}

/** The report's lines as the CSV's cells: times in UTC (ISO 8601), everything else in the admin's words. */
export function doorReportCells(rows: readonly DoorReportRow[], words: DoorReportWords): Record<DoorReportColumn, string>[] {
  return rows.map((row) => ({
    kind: words.kinds[row.kind],
    at: row.at.toISOString(),
    name: row.name,
    email: row.email,
    ticket: words.tickets[row.ticket?.kind ?? 'member'],
    sponsor: row.ticket?.sponsor ?? '',
    people: String(row.ticket?.people ?? 1),
    door: row.door,
    source: row.source ? words.sources[row.source] : '',
    drink: row.drink === null ? '' : String(row.drink),
    firstDoor: row.first?.door ?? '',
    firstAt: row.first ? row.first.at.toISOString() : '',
  }));
}

/**
 * RFC 4180 CSV (with another delimiter where a language's spreadsheets expect one: German Excel
 * splits on semicolons). A cell that a spreadsheet would run as a formula is prefixed with an
 * apostrophe.
 */
export function toCsv<K extends string>(
  columns: readonly K[],
  rows: readonly Record<K, string>[],
  { headings, delimiter = ',' }: { headings?: Record<K, string>; delimiter?: ',' | ';' } = {},
): string {
  const special = new RegExp(`["${delimiter}\n\r]`);
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return special.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const line = (cells: string[]) => cells.map(cell).join(delimiter);
  return [line(columns.map((column) => headings?.[column] ?? column)), ...rows.map((row) => line(columns.map((column) => row[column])))].join('\r\n') + '\r\n';
}
