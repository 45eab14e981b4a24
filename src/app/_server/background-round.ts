// One round of background work (a sweep, the mail outbox, due notifications), whoever starts it: a
// timer of this process (BACKGROUND_WORK=timers) or a Cloud Scheduler job's call of
// POST /api/cron/{task}. A round of a task already under way in this process is joined, not run
// beside it; rounds on several servers at once are safe by each task's own design (leases,
// transactions that read again, creates under fixed ids). Each round that did something, or
// failed, is one log line with the task, what it did and how long it took.
import 'server-only';
import { log } from '@/server/log';

/** Every task, as Cloud Scheduler's jobs name them (/api/cron/{task}). */
export const BACKGROUND_TASKS = ['notifications', 'memberships', 'mail', 'retention', 'waitlists', 'night-summaries'] as const;
export type BackgroundTask = (typeof BACKGROUND_TASKS)[number];

export function isBackgroundTask(name: string): name is BackgroundTask {
  return (BACKGROUND_TASKS as readonly string[]).includes(name);
}

const underWay = new Map<BackgroundTask, Promise<object>>();
const following = new Map<BackgroundTask, Promise<object>>();
const noop = () => {};
/** Tasks whose last round failed: a failure that lasts is said once, not every few seconds. */
const failing = new Set<BackgroundTask>();

/**
 * Runs `work` as `task`'s round, or joins the one under way. `say` puts what it did in a sentence,
 * or null when it did nothing (then the line is a debug one, not written by default).
 */
export function runRound<R extends object>(task: BackgroundTask, work: () => Promise<R>, say: (report: R) => string | null, { follow = false } = {}): Promise<R> {
  const running = underWay.get(task);
  // `follow`: what the caller just wrote may be after the running round's reads, so one more round
  // follows it (one for every caller that asks meanwhile).
  if (running && follow) {
    let next = following.get(task);
    if (!next) {
      next = running.then(noop, noop).then(() => {
        following.delete(task);
        return runRound(task, work, say);
      });
      following.set(task, next);
    }
    return next as Promise<R>;
  }
  if (running) return running as Promise<R>;
  const started = performance.now();
  const round = (async () => {
    try {
      const report = await work();
      const sentence = say(report);
      const fields: Record<string, unknown> = { task, ...report, durationMs: Math.round(performance.now() - started) };
      if (failing.delete(task)) log.info(fields, `Background round ${task} works again. ${sentence ?? ''}`.trim());
      else if (sentence) log.info(fields, sentence);
      else log.debug(fields, `Background round ${task}: nothing to do.`);
      return report;
    } catch (error) {
      const fields = { task, durationMs: Math.round(performance.now() - started), err: error };
      if (failing.has(task)) log.debug(fields, `Background round ${task} failed again.`);
      else log.error(fields, `Background round ${task} failed; the next round tries again.`);
      failing.add(task);
      throw error;
    } finally {
      underWay.delete(task);
    }
  })();
  underWay.set(task, round);
  return round;
}

/** Runs each part on its own, so a failing one leaves the others their turn; counts what each did, names what failed. */
export async function inParts<K extends string>(what: string, parts: Record<K, () => Promise<number>>): Promise<Record<K, number> & { failed?: string[] }> {
  const report = {} as Record<K, number> & { failed?: string[] };
  const counts: Record<string, number> = report;
  for (const [name, work] of Object.entries(parts) as [K, () => Promise<number>][]) {
    try {
      counts[name] = await work();
    } catch (error) {
      log.error({ err: error, part: name }, `${what}: ${name} failed; the next round tries again.`);
      (report.failed ??= []).push(name);
    }
  }
  return report;
}
