// POST /api/notifications/due: sends the notifications that are due, for deployments that scale
// to zero (no server process awake to run the scheduler). A cron service calls it every minute
// with `Authorization: Bearer <NOTIFICATIONS_CRON_SECRET>`; without that secret configured the
// endpoint does not exist. Safe to call from several places at once, and beside the scheduler and
// "send now" of the same server: each delivery runs once (leases, one per process).
import { timingSafeEqual } from 'node:crypto';
import { env } from '@/server/env';
import { getDocuments } from '@/server/documents/documents';
import { getPush } from '@/server/push/push';
import { deliverDue } from '@/features/notifications/delivery';

export const dynamic = 'force-dynamic';

function authorised(request: Request, secret: string): boolean {
  const given = Buffer.from(request.headers.get('authorization') ?? '');
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function POST(request: Request) {
  const secret = env.NOTIFICATIONS_CRON_SECRET;
  const headers = { 'cache-control': 'no-store' };
  if (!secret) return new Response('Not found', { status: 404, headers });
  if (!authorised(request, secret)) return new Response('Unauthorized', { status: 401, headers: { ...headers, 'www-authenticate': 'Bearer' } });
  const report = await deliverDue({ documents: getDocuments(), push: getPush() });
  return Response.json(report, { headers });
}
