// GET /api/ready: 200 {ready: true} when this server's store answers a read within 3 s, 503 with the
// reason otherwise (features/health/readiness.ts). The liveness answer stays /api/trpc/health.check.
import { getDocuments } from '@/server/documents/documents';
import { logged } from '@/server/http/request-log';
import { log } from '@/server/log';
import { checkReadiness } from '@/features/health/readiness';

export const dynamic = 'force-dynamic';

export const GET = logged('/api/ready', async () => {
  const readiness = await checkReadiness(getDocuments());
  if (!readiness.ready) log.warn({ reason: readiness.reason }, `Not ready: ${readiness.reason}.`);
  return Response.json(readiness, { status: readiness.ready ? 200 : 503, headers: { 'cache-control': 'no-store' } });
});
