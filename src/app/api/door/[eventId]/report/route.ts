// GET /api/door/{eventId}/report?locale=de: an event's admissions and drinks as CSV, for admins,
// in the language of the page the admin downloads it from (headings, kinds of line, how a pass
// was read; German spreadsheets expect semicolons between cells).
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { routing, toLocale } from '@/i18n/routing';
import { getDocuments } from '@/server/documents/documents';
import { SESSION_COOKIE, verifySession } from '@/features/identity/session';
import { DOOR_REPORT_COLUMNS, DOOR_REPORT_KINDS, doorReport, doorReportCells, toCsv, type DoorReportWords } from '@/features/door/door-report';
import { SCAN_SOURCES, TICKET_KINDS } from '@/features/door/constants';
import { Events } from '@/features/events/events';
import { logged } from '@/server/http/request-log';

export const dynamic = 'force-dynamic';

/** Where a language's spreadsheets split cells: Excel set to German reads a comma as part of a cell. */
const DELIMITERS = { en: ',', de: ';' } as const satisfies Record<(typeof routing.locales)[number], ',' | ';'>;

async function get(request: Request, { params }: { params: Promise<{ eventId: string }> }) {
  const { eventId } = await params;
  const asked = new URL(request.url).searchParams.get('locale');
  const locale = toLocale(asked);
  const t = await getTranslations({ locale, namespace: 'AdminDoor' });
  const refuse = (status: number, message: string) => new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  const identity = await verifySession(getDocuments(), (await cookies()).get(SESSION_COOKIE)?.value);
  if (!identity) return refuse(401, t('report.signIn'));
  if (identity.role !== 'admin') return refuse(403, t('report.forbidden'));
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(eventId) || !(await getDocuments().collection(Events).doc(eventId).get()).exists) {
    return refuse(404, t('report.notFound'));
  }
  const words: DoorReportWords = {
    columns: Object.fromEntries(DOOR_REPORT_COLUMNS.map((column) => [column, t(`report.columns.${column}`)])) as DoorReportWords['columns'],
    kinds: Object.fromEntries(DOOR_REPORT_KINDS.map((kind) => [kind, t(`report.kinds.${kind}`)])) as DoorReportWords['kinds'],
    sources: Object.fromEntries(SCAN_SOURCES.map((source) => [source, t(`report.sources.${source}`)])) as DoorReportWords['sources'],
    tickets: Object.fromEntries((['member', ...TICKET_KINDS] as const).map((kind) => [kind, t(`report.tickets.${kind}`)])) as DoorReportWords['tickets'],
  };
  const rows = doorReportCells(await doorReport(getDocuments(), eventId), words);
  const csv = toCsv(DOOR_REPORT_COLUMNS, rows, { headings: words.columns, delimiter: DELIMITERS[locale] });
  return new Response(`\uFEFF${csv}`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${t('report.file')}-${eventId}.csv"`,
      'cache-control': 'no-store',
    },
  });
}

export const GET = logged('/api/door/[eventId]/report', get);
