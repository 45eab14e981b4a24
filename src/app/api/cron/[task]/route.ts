// POST /api/cron/{task}: one round of background work, for a Cloud Scheduler job per task
// (BACKGROUND_WORK=scheduler, where the CPU sleeps between requests). Only a caller presenting
// CRON_SECRET as a bearer token runs anything; without the secret configured the endpoint does not
// exist. A round is safe beside any other (another server's, this server's timers or a second
// call: it joins one under way here) and answers what it did.
import { env } from '@/server/env';
import { presentsBearer } from '@/server/http/bearer';
import { logged } from '@/server/http/request-log';
import { isBackgroundTask } from '@/app/_server/background-round';
import { runTask } from '@/app/_server/background-tasks';

export const dynamic = 'force-dynamic';

const headers = { 'cache-control': 'no-store' };

/** The task's name as logged: one of the tasks, or not a name someone made up. */
function route(request: Request): string {
  const task = new URL(request.url).pathname.split('/').pop() ?? '';
  return `/api/cron/${isBackgroundTask(task) ? task : '[unknown]'}`;
}

export const POST = logged(
  '/api/cron/[task]',
  async (request: Request, { params }: { params: Promise<{ task: string }> }) => {
    const secret = env.CRON_SECRET;
    if (!secret) return Response.json({ error: 'not-found' }, { status: 404, headers });
    if (!presentsBearer(request, secret)) return Response.json({ error: 'unauthorized' }, { status: 401, headers: { ...headers, 'www-authenticate': 'Bearer' } });
    const { task } = await params;
    if (!isBackgroundTask(task)) return Response.json({ error: 'unknown-task' }, { status: 404, headers });
    try {
      return Response.json({ task, ...(await runTask(task)) }, { headers });
    } catch {
      // Logged by the round; a 500 lets the job count a failure and retry.
      return Response.json({ task, error: 'failed' }, { status: 500, headers });
    }
  },
  { route },
);
