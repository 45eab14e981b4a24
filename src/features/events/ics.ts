// The iCalendar file (RFC 5545) behind "add to calendar": one event, its times in UTC.
import 'server-only';
export type CalendarEvent = {
  uid: string;
  url: string;
  title: string;
  description: string;
  location: string;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
  updatedAt: Date;
};

const CRLF = '\r\n';
// RFC 5545 3.1: lines SHOULD NOT be longer than 75 octets, excluding the line break.
const LINE_OCTETS = 75;

export function eventCalendar(event: CalendarEvent, now: Date = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Nordlicht//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${text(event.uid)}`,
    `DTSTAMP:${utc(now)}`,
    `LAST-MODIFIED:${utc(event.updatedAt)}`,
    `DTSTART:${utc(event.startsAt)}`,
    `DTEND:${utc(event.endsAt)}`,
    `SUMMARY:${text(event.title)}`,
    `DESCRIPTION:${text(event.description)}`,
    `LOCATION:${text(event.location)}`,
    `URL:${uri(event.url)}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join(CRLF) + CRLF;
}

/** A UTC date-time: `YYYYMMDDTHHMMSSZ`. */
function utc(date: Date): string {
  // toISOString throws on an invalid date, which beats writing "NaN" into someone's calendar.
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** A TEXT value (RFC 5545 3.3.11). */
function text(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // Other control characters are not allowed in TEXT, and some clients reject the whole file.
      .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '')
  );
}

/** A URI value, which is not escaped like TEXT (RFC 5545 3.3.13). */
function uri(value: string): string {
  // A line break would end the property and let the rest of the value start a new one.
  return value.replace(/[\u0000-\u001f\u007f]/g, '');
}

function utf8Octets(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code < 0x10000) return 3;
  return 4;
}

/** Folds a content line into physical lines of at most 75 octets, never splitting a character. */
function fold(line: string): string {
  let folded = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char);
    if (octets + size > LINE_OCTETS) {
      folded += `${CRLF} `;
      // The leading space counts toward the continuation line's 75 octets.
      octets = 1;
    }
    folded += char;
    octets += size;
  }
  return folded;
}
