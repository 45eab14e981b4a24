// The cron endpoint Cloud Scheduler's jobs call: without CRON_SECRET it does not exist; with it,
// only a caller presenting it runs anything, an unknown task is a 404, and each task runs its own
// round once, also when two calls arrive together.
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';

const SECRET = 'a-cron-secret-of-at-least-32-characters';

/** Each round's domain work, held until the test lets it finish (two calls must share one). */
let release: () => void = () => {};
let held: Promise<void> = Promise.resolve();
const work = <T,>(value: T) => vi.fn(async () => (await held, value));
const deliverDue = work({ sent: 2, failed: 0 });
const expireMemberships = work({ expired: 1 });
const remindEndingMemberships = work(0);
const queueRequestsDigests = work(0);
const sendDueMail = work({ sent: 3, retried: 0, failed: 0, undeliverable: 0, suppressed: 0 });
const forgetOldMail = work(4);
const pseudonymiseTicketHolders = work(0);
const sweepEndedBans = work(0);
const forgetPastWaitlists = work(0);
const sweepWaitlists = work({ lapsed: 0, released: 1, offered: 1 });
const queueNightSummaries = work(5);

vi.mock('@/features/notifications/delivery', () => ({ deliverDue }));
vi.mock('@/features/memberships/memberships', () => ({ expireMemberships }));
vi.mock('@/features/memberships/membership-mail', async (original) => ({ ...(await original<object>()), remindEndingMemberships, queueRequestsDigests }));
vi.mock('@/features/mail/sender', async (original) => ({ ...(await original<object>()), sendDueMail }));
vi.mock('@/features/mail/retention', () => ({ forgetOldMail }));
vi.mock('@/features/tickets/ticket-retention', () => ({ pseudonymiseTicketHolders }));
vi.mock('@/features/bans/ban-retention', () => ({ sweepEndedBans }));
vi.mock('@/features/tickets/waitlist', () => ({ forgetPastWaitlists, sweepWaitlists }));
vi.mock('@/features/door/night-summary', async (original) => ({ ...(await original<object>()), queueNightSummaries }));
/** A store whose every query finds nothing (the mail job's look at the oldest mail still due). */
const nothing: Record<string, unknown> = {};
for (const step of ['collection', 'where', 'orderBy', 'limit']) nothing[step] = () => nothing;
nothing.get = async () => [];
vi.mock('@/server/documents/documents', () => ({ getDocuments: () => nothing }));
vi.mock('@/server/accounts/accounts', () => ({ getAccounts: () => ({}) }));
vi.mock('@/server/push/push', () => ({ getPush: () => ({}) }));
vi.mock('@/server/mail/mail', async (original) => ({ ...(await original<object>()), getMailTransport: () => ({ describe: 'test' }) }));

async function post(task: string, authorization?: string) {
  const { POST } = await import('./route');
  return POST(new Request(`http://localhost/api/cron/${task}`, { method: 'POST', headers: authorization ? { authorization } : {} }), { params: Promise.resolve({ task }) });
}

const ROUNDS = [
  ['notifications', [deliverDue], { sent: 2, failed: 0 }],
  ['memberships', [expireMemberships, remindEndingMemberships, queueRequestsDigests], { expired: 1, reminders: 0, digests: 0 }],
  ['mail', [sendDueMail], { sent: 3, oldestDueSeconds: 0 }],
  ['retention', [forgetOldMail, pseudonymiseTicketHolders, sweepEndedBans, forgetPastWaitlists], { mails: 4, ticketHolders: 0, bans: 0, waitlistEntries: 0 }],
  ['waitlists', [sweepWaitlists], { released: 1, offered: 1 }],
  ['night-summaries', [queueNightSummaries], { queued: 5 }],
] as const;

describe('POST /api/cron/{task}', () => {
  beforeEach(() => {
    held = Promise.resolve();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
    vi.clearAllMocks();
  });

  it('does not exist without CRON_SECRET', async () => {
    expect((await post('notifications', `Bearer ${SECRET}`)).status).toBe(404);
    expect(deliverDue).not.toHaveBeenCalled();
  });

  it('refuses a missing or wrong secret with 401 before it looks at the task', async () => {
    vi.stubEnv('CRON_SECRET', SECRET);
    for (const authorization of [undefined, `Bearer ${SECRET}x`, `Bearer ${SECRET.slice(0, -1)}X`, SECRET, `Basic ${SECRET}`]) {
      const refused = await post('notifications', authorization);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect((await post('no-such-task')).status).toBe(401);
    expect(deliverDue).not.toHaveBeenCalled();
  });

  it('answers an unknown task with 404', async () => {
    vi.stubEnv('CRON_SECRET', SECRET);
    const unknown = await post('everything', `Bearer ${SECRET}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'unknown-task' });
  });

  it.each(ROUNDS)('runs the %s round once and answers what it did', async (task, calls, report) => {
    vi.stubEnv('CRON_SECRET', SECRET);
    const answer = await post(task, `Bearer ${SECRET}`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ task, ...report });
    for (const call of calls) expect(call).toHaveBeenCalledTimes(1);
    const others = ROUNDS.filter(([name]) => name !== task).flatMap(([, other]): readonly Mock[] => other);
    for (const other of others) expect(other).not.toHaveBeenCalled();
  });

  it('runs one round for two calls that arrive together, and answers both', async () => {
    vi.stubEnv('CRON_SECRET', SECRET);
    held = new Promise((done) => (release = done));
    const both = Promise.all([post('mail', `Bearer ${SECRET}`), post('mail', `Bearer ${SECRET}`)]);
    await vi.waitFor(() => expect(sendDueMail).toHaveBeenCalled());
    release();
    const answers = await both;
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(sendDueMail).toHaveBeenCalledTimes(1);
  });

  it('takes the secret by its earlier name, NOTIFICATIONS_CRON_SECRET', async () => {
    vi.stubEnv('NOTIFICATIONS_CRON_SECRET', SECRET);
    expect((await post('notifications', `Bearer ${SECRET}`)).status).toBe(200);
  });

  it('answers 500 when the round failed, so the job counts a failure and tries again', async () => {
    vi.stubEnv('CRON_SECRET', SECRET);
    deliverDue.mockRejectedValueOnce(new Error('store unavailable'));
    const failed = await post('notifications', `Bearer ${SECRET}`);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ task: 'notifications', error: 'failed' });
  });
});
