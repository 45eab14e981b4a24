// POST /api/notifications/due: the earlier name of POST /api/cron/notifications (a cron service's
// call of the due notifications' round), kept for deployments that set it up so; it answers the
// round's figures alone, as it did. Without CRON_SECRET (or NOTIFICATIONS_CRON_SECRET) configured
// the endpoint does not exist.
import { env } from '@/server/env';
import { presentsBearer } from '@/server/http/bearer';
import { logged } from '@/server/http/request-log';
import { runTask } from '@/app/_server/background-tasks';

export const dynamic = 'force-dynamic';

export const POST = logged('/api/notifications/due', async (request: Request) => {
  const secret = env.CRON_SECRET;
  const headers = { 'cache-control': 'no-store' };
  if (!secret) return new Response('Not found', { status: 404, headers });
  if (!presentsBearer(request, secret)) return new Response('Unauthorized', { status: 401, headers: { ...headers, 'www-authenticate': 'Bearer' } });
  return Response.json(await runTask('notifications'), { headers });
});
