// What the server does once when it starts, on the Node runtime only (instrumentation.ts imports
// it there alone). In both backends it builds the public events mirror and the lounge once for a
// database of an earlier version and sets up the background work: with BACKGROUND_WORK=timers it
// starts the membership expiry sweep, the waitlist and retention sweeps, the notification
// scheduler (NOTIFICATION_SCHEDULER=off leaves due ones to the cron endpoint), and the mail
// outbox's sender and the admins' morning summary of last night (where an SMTP service is set);
// with `scheduler` it starts none of them (Cloud Scheduler calls /api/cron/{task}) and sends the
// mail a request queued after its answer. In the embedded backend it first writes the demo data
// that is missing, so a fresh checkout opens with accounts, and compares the sign-in accounts with
// the user documents.
import 'server-only';
import { log } from '@/server/log';
import type { MailTransport } from '@/server/mail/port';

export async function startServer() {
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { env } = await import('@/server/env');
  // Where files live, or that they cannot be kept (Firebase mode without Storage), in one line.
  log.info((await import('@/server/files/files')).filesStartupLine());
  await buildMirrors();
  if (env.BACKEND === 'embedded') {
    await seedDemo();
    await reconcileAccounts();
  }
  // The pass master key is read (or, on the embedded backend, generated) before any phone needs
  // it: Firebase mode without PASS_SIGNING_KEY has already stopped at the environment check.
  (await import('@/features/door/pass-keys')).getPassKeys();
  if (env.BACKGROUND_WORK === 'scheduler') {
    const [{ BACKGROUND_TASKS }, { sendMailQueuedByRequests }, { getDocuments }] = await Promise.all([
      import('@/app/_server/background-round'),
      import('@/app/_server/background-tasks'),
      import('@/server/documents/documents'),
    ]);
    log.info(`Background work: Cloud Scheduler's jobs call /api/cron/{${BACKGROUND_TASKS.join(',')}} (BACKGROUND_WORK=scheduler); this process runs no timers.`);
    sendMailQueuedByRequests(getDocuments());
    await mailLine(env.MAIL_SENDER_DELAY_MS);
    return;
  }
  if (env.BACKEND === 'firebase') {
    // Cloud Run and App Hosting may throttle the CPU of an instance between requests (issue 47).
    log.warn('Background work: timers in this process (BACKGROUND_WORK=timers). Where the CPU sleeps between requests they run late or not at all: set CRON_SECRET and BACKGROUND_WORK=scheduler and create a Cloud Scheduler job per task, or keep the CPU always allocated.');
  }
  const [{ scheduleMembershipExpiry }, { scheduleNotifications }, { scheduleWaitlistSweep }, { scheduleMailRetention }, { getDocuments }, { getAccounts }, { getPush }] = await Promise.all([
    import('@/app/_server/membership-expiry'),
    import('@/app/_server/notification-scheduler'),
    import('@/app/_server/waitlist-sweep'),
    import('@/app/_server/mail-retention'),
    import('@/server/documents/documents'),
    import('@/server/accounts/accounts'),
    import('@/server/push/push'),
  ]);
  scheduleMembershipExpiry(getDocuments(), getAccounts());
  scheduleWaitlistSweep(getDocuments(), getPush);
  // The retention sweep runs either way: a server whose mail was turned off still holds what it queued.
  scheduleMailRetention(getDocuments());
  if (env.NOTIFICATION_SCHEDULER === 'on') scheduleNotifications(getDocuments(), getPush);
  const transport = await mailLine(env.MAIL_SENDER_DELAY_MS);
  if (transport) await startMail(transport, env.SITE_URL, env.MAIL_SENDER_DELAY_MS);
}

/** Where mail goes, in one line, or that it is off (decision 047); its transport when it is on. */
async function mailLine(firstRoundAfterMs: number) {
  const transport = (await import('@/server/mail/mail')).getMailTransport();
  if (!transport) {
    log.info('Mail: off (no SMTP_URL): no mail is queued or sent, and the admin area says so.');
    return null;
  }
  log.info(`Mail: through ${transport.describe}.${firstRoundAfterMs > 0 ? ` The first round waits ${firstRoundAfterMs} ms (MAIL_SENDER_DELAY_MS, for tests).` : ''}`);
  return transport;
}

/** The mail outbox's rounds and the admins' morning summary (timers). */
async function startMail(transport: MailTransport, siteUrl: string, firstRoundAfterMs: number) {
  const [{ scheduleMail }, { scheduleNightSummaries }, { getDocuments }] = await Promise.all([
    import('@/app/_server/mail-sender'),
    import('@/app/_server/night-summary-sweep'),
    import('@/server/documents/documents'),
  ]);
  scheduleMail(getDocuments(), transport, siteUrl, undefined, firstRoundAfterMs);
  scheduleNightSummaries(getDocuments());
}

async function seedDemo() {
  // Everything the server writes under DATA_DIR (the database, uploads) is this user's alone,
  // also when `next start` runs without scripts/with-backend.mjs (decision 012).
  process.umask(0o077);
  const [{ seedDemoData }, { seedDemoEvents }, { getDocuments }, { getFiles }, { getAccounts }, { probeImage }, { DEMO_ACCOUNTS }] = await Promise.all([
    import('@/app/_server/demo/seed'),
    import('@/app/_server/demo/demo-events'),
    import('@/server/documents/documents'),
    import('@/server/files/files'),
    import('@/server/accounts/accounts'),
    import('@/server/images/probe'),
    import('@/app/_server/demo/demo-accounts'),
  ]);
  try {
    const report = await seedDemoData(getDocuments(), getAccounts());
    if (report.accountsCreated + report.documentsCreated > 0) {
      log.info(`Demo data: ${report.accountsCreated} sign-in accounts and ${report.documentsCreated} user documents created.`);
    }
    const { seedDemoMemberships } = await import('@/app/_server/demo/demo-memberships');
    const memberships = await seedDemoMemberships(getDocuments(), getAccounts());
    if (memberships > 0) log.info(`Demo data: ${memberships} memberships created.`);
    const [{ seedDemoNotifications }, { getPush }] = await Promise.all([import('@/app/_server/demo/demo-notifications'), import('@/server/push/push')]);
    const notifications = await seedDemoNotifications(getDocuments(), getPush());
    if (notifications > 0) log.info(`Demo data: ${notifications} notifications created (one sent to members, one scheduled).`);
  } catch (error) {
    // The app still serves pages; sign-in needs the emulator that scripts/with-backend.mjs starts.
    log.error({ err: error }, 'Demo data could not be written (is the Auth emulator running?)');
  }
  try {
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
    const report = await seedDemoEvents({ documents: getDocuments(), files: getFiles(), probe: probeImage }, admin.uid);
    if (report.images + report.events > 0) log.info(`Demo data: ${report.images} images and ${report.events} events created.`);
  } catch (error) {
    log.error({ err: error }, 'Demo events could not be written');
  }
}

/** What a crash or a restore can leave between the Auth emulator and the documents, logged once (decision 029). */
async function reconcileAccounts() {
  const [{ reconcileAccounts: reconcile }, { getDocuments }, { getAccounts }] = await Promise.all([
    import('@/app/_server/reconcile'),
    import('@/server/documents/documents'),
    import('@/server/accounts/accounts'),
  ]);
  try {
    for (const line of await reconcile(getDocuments(), getAccounts())) log.info(line);
  } catch (error) {
    log.error({ err: error }, 'Accounts could not be compared with the user documents');
  }
}

async function buildMirrors() {
  const [{ backfillPublicEvents }, { backfillLounge }, { maskScannedAddresses }, { getDocuments }] = await Promise.all([
    import('@/features/events/public-events'),
    import('@/features/images/lounge'),
    import('@/features/door/door-names-migration'),
    import('@/server/documents/documents'),
  ]);
  try {
    const written = await backfillPublicEvents(getDocuments());
    if (written > 0) log.info(`Public events mirror: ${written} documents written.`);
  } catch (error) {
    // Until it is built, public pages of an older database show fewer events; nothing private shows.
    log.error({ err: error }, 'The public events mirror could not be built');
  }
  try {
    const written = await maskScannedAddresses(getDocuments());
    if (written > 0) log.info(`Scan log: ${written} addresses masked.`);
  } catch (error) {
    // Until it runs, door phones may read an old scan's full address in the latest scans.
    log.error({ err: error }, 'The scan log could not be masked');
  }
  try {
    const written = await backfillLounge(getDocuments());
    if (written > 0) log.info(`Lounge: ${written} documents written.`);
  } catch (error) {
    // Until it is built, the lounge of an older database shows fewer pictures; nothing else changes.
    log.error({ err: error }, 'The lounge could not be built');
  }
}
