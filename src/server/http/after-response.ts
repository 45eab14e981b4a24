// Work a request starts and its answer does not wait for ("send now", a mail just queued), handed to
// Next's `after()`: on `next start` it runs once the response has gone, the server waits for it
// before it stops (SIGTERM), and a platform that offers `waitUntil` keeps the request's instance
// awake for it. Cloud Run under request-based billing does not: there the CPU may be throttled once
// the answer went, so what must finish is also covered by a lease and a scheduler job (issue 47).
import 'server-only';
import { after } from 'next/server';
import { log } from '@/server/log';

/** Runs `work` (already started) on after the response; outside a request (tests, start-up) it simply runs on. */
export function afterResponse(work: Promise<unknown>, what: string): void {
  const logged = work.catch((error: unknown) => log.error({ err: error }, `${what} failed`));
  try {
    after(logged);
  } catch {
    // No request scope: nothing holds the process open for it, and nothing needs to.
  }
}

/**
 * Waits for `work` inside the request for at most `budgetMs` (the CPU is the request's for that
 * long on any platform), then hands what is left to `afterResponse`.
 */
export async function workInRequest(work: Promise<unknown>, budgetMs: number, what: string): Promise<void> {
  afterResponse(work, what);
  if (budgetMs <= 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work.catch(() => {}), new Promise<void>((done) => (timer = setTimeout(done, budgetMs)))]);
  clearTimeout(timer);
}
