// The background work, task by task, with this process's ports: what POST /api/cron/{task} runs
// (BACKGROUND_WORK=scheduler: a Cloud Scheduler job per task), and how a request that queued mail
// sends it after its answer rather than at the next minute's job. With BACKGROUND_WORK=timers the
// same rounds run on the timers src/instrumentation-node.ts starts.
import 'server-only';
import { env } from '@/server/env';
import { getDocuments } from '@/server/documents/documents';
import { getAccounts } from '@/server/accounts/accounts';
import { getPush } from '@/server/push/push';
import { getMailTransport } from '@/server/mail/mail';
import { afterResponse } from '@/server/http/after-response';
import type { Accounts } from '@/server/accounts/port';
import type { Documents } from '@/server/documents/port';
import type { MailTransport } from '@/server/mail/port';
import type { Push } from '@/server/push/port';
import { Mail } from '@/features/mail/outbox';
import { runRound, type BackgroundTask } from './background-round';
import { membershipRound, sayMembershipRound } from './membership-expiry';
import { notificationsRound, sayNotificationsRound } from './notification-scheduler';
import { mailRound, sayMailRound } from './mail-sender';
import { retentionRound, sayRetentionRound } from './mail-retention';
import { sayWaitlistRound, waitlistRound } from './waitlist-sweep';
import { nightSummaryRound, sayNightSummaryRound } from './night-summary-sweep';

export interface BackgroundPorts {
  readonly documents: Documents;
  readonly accounts: Accounts;
  readonly push: Push;
  /** Null when mail is off (no SMTP_URL): nothing is queued, so nothing is sent or summarised. */
  readonly mail: MailTransport | null;
  readonly siteUrl: string;
}

/** This process's ports, each made when a task first needs it. */
export function processPorts(): BackgroundPorts {
  return {
    get documents() {
      return getDocuments();
    },
    get accounts() {
      return getAccounts();
    },
    get push() {
      return getPush();
    },
    get mail() {
      return getMailTransport();
    },
    siteUrl: env.SITE_URL,
  };
}

const MAIL_OFF = { off: true };
/** How long one call's mail round keeps taking batches: well inside the job's attempt deadline (deployment). */
export const MAIL_JOB_MS = 45_000;

/** One round of `task` (or the one under way in this process); resolves to what it did. */
export function runTask(task: BackgroundTask, ports: BackgroundPorts = processPorts(), now = new Date(), options: { follow?: boolean } = {}): Promise<object> {
  switch (task) {
    case 'notifications':
      return runRound(task, () => notificationsRound(ports.documents, ports.push), sayNotificationsRound, options);
    case 'memberships':
      return runRound(task, () => membershipRound(ports.documents, ports.accounts, now), sayMembershipRound, options);
    case 'mail': {
      const transport = ports.mail;
      return transport ? runRound(task, () => mailRound(ports.documents, transport, ports.siteUrl, MAIL_JOB_MS), sayMailRound, options) : Promise.resolve(MAIL_OFF);
    }
    case 'retention':
      return runRound(task, () => retentionRound(ports.documents, now), sayRetentionRound, options);
    case 'waitlists':
      return runRound(task, () => waitlistRound(ports.documents, ports.push, now), sayWaitlistRound, options);
    case 'night-summaries':
      return ports.mail ? runRound(task, () => nightSummaryRound(ports.documents, now), sayNightSummaryRound, options) : Promise.resolve(MAIL_OFF);
  }
}

/**
 * BACKGROUND_WORK=scheduler: a mail queued while a request is served (a sign-in link, a guest's
 * ticket, a reminder queued by a cron round) is sent by a mail round the request starts and Next's
 * `after()` holds on to, so it goes within seconds, not at the next minute's job.
 */
export function sendMailQueuedByRequests(documents: Documents, send: () => Promise<unknown> = () => runTask('mail', processPorts(), new Date(), { follow: true })): () => void {
  return documents.onChange((change) => {
    if (change.collection !== Mail.name || change.type !== 'created') return;
    afterResponse(send(), 'Sending the mail a request queued (the mail job sends it)');
  });
}
