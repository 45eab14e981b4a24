// GET /api/door/{eventId}/report: an event's admissions and drinks as CSV, for admins.
import { cookies } from 'next/headers';
import { getDocuments } from '@/server/documents/documents';
import { SESSION_COOKIE, verifySession } from '@/features/identity/session';
import { DOOR_REPORT_COLUMNS, doorReport, toCsv } from '@/features/door/door';
import { Events } from '@/features/events/events';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ eventId: string }> }) {
  const { eventId } = await params;
  const identity = await verifySession(getDocuments(), (await cookies()).get(SESSION_COOKIE)?.value);
  if (!identity) return new Response('Sign in to continue.', { status: 401, headers: { 'cache-control': 'no-store' } });
  if (identity.role !== 'admin') return new Response('Your role does not allow this.', { status: 403, headers: { 'cache-control': 'no-store' } });
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(eventId) || !(await getDocuments().collection(Events).doc(eventId).get()).exists) {
    return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
  }
  const csv = toCsv(DOOR_REPORT_COLUMNS, await doorReport(getDocuments(), eventId));
  return new Response(`\uFEFF${csv}`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="door-${eventId}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
