// What the server does once when it starts, on the Node runtime only (instrumentation.ts imports
// it there alone). In both backends it builds the public events mirror and the lounge once for a
// database of an earlier version and starts the membership expiry sweep, the notification
// scheduler (NOTIFICATION_SCHEDULER=off leaves due ones to the cron endpoint), and the mail
// outbox's sender and the admins' morning summary of last night (where an SMTP service is set); in the embedded
// backend it first writes the demo data that is missing, so a fresh checkout opens with accounts,
// and compares the sign-in accounts with the user documents.
import 'server-only';

export async function startServer() {
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { env } = await import('@/server/env');
  // Where files live, or that they cannot be kept (Firebase mode without Storage), in one line.
  console.log((await import('@/server/files/files')).filesStartupLine());
  await buildMirrors();
  if (env.BACKEND === 'embedded') {
    await seedDemo();
    await reconcileAccounts();
  }
  // The pass master key is read (or, on the embedded backend, generated) before any phone needs
  // it: Firebase mode without PASS_SIGNING_KEY has already stopped at the environment check.
  (await import('@/features/door/pass-keys')).getPassKeys();
  const [{ scheduleMembershipExpiry }, { scheduleNotifications }, { scheduleWaitlistSweep }, { getDocuments }, { getAccounts }, { getPush }] = await Promise.all([
    import('@/app/_server/membership-expiry'),
    import('@/app/_server/notification-scheduler'),
    import('@/app/_server/waitlist-sweep'),
    import('@/server/documents/documents'),
    import('@/server/accounts/accounts'),
    import('@/server/push/push'),
  ]);
  scheduleMembershipExpiry(getDocuments(), getAccounts());
  scheduleWaitlistSweep(getDocuments(), getPush);
  if (env.NOTIFICATION_SCHEDULER === 'on') scheduleNotifications(getDocuments(), getPush);
  await startMail(env.SITE_URL, env.MAIL_SENDER_DELAY_MS);
}

/**
 * Mail: where it goes, in one line, and the outbox's rounds; or that it is off (decision 047). The
 * retention sweep runs either way: a server whose mail was turned off still holds what it queued.
 */
async function startMail(siteUrl: string, firstRoundAfterMs: number) {
  const [{ getMailTransport }, { scheduleMail }, { scheduleMailRetention }, { getDocuments }] = await Promise.all([
    import('@/server/mail/mail'),
    import('@/app/_server/mail-sender'),
    import('@/app/_server/mail-retention'),
    import('@/server/documents/documents'),
  ]);
  scheduleMailRetention(getDocuments());
  const transport = getMailTransport();
  if (!transport) {
    console.log('Mail: off (no SMTP_URL): no mail is queued or sent, and the admin area says so.');
    return;
  }
  console.log(`Mail: through ${transport.describe}.${firstRoundAfterMs > 0 ? ` The first round waits ${firstRoundAfterMs} ms (MAIL_SENDER_DELAY_MS, for tests).` : ''}`);
  scheduleMail(getDocuments(), transport, siteUrl, undefined, firstRoundAfterMs);
  (await import('@/app/_server/night-summary-sweep')).scheduleNightSummaries(getDocuments());
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
      console.log(`Demo data: ${report.accountsCreated} sign-in accounts and ${report.documentsCreated} user documents created.`);
    }
    const { seedDemoMemberships } = await import('@/app/_server/demo/demo-memberships');
    const memberships = await seedDemoMemberships(getDocuments(), getAccounts());
    if (memberships > 0) console.log(`Demo data: ${memberships} memberships created.`);
    const [{ seedDemoNotifications }, { getPush }] = await Promise.all([import('@/app/_server/demo/demo-notifications'), import('@/server/push/push')]);
    const notifications = await seedDemoNotifications(getDocuments(), getPush());
    if (notifications > 0) console.log(`Demo data: ${notifications} notifications created (one sent to members, one scheduled).`);
  } catch (error) {
    // The app still serves pages; sign-in needs the emulator that scripts/with-backend.mjs starts.
    console.error('Demo data could not be written (is the Auth emulator running?):', error);
  }
  try {
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
    const report = await seedDemoEvents({ documents: getDocuments(), files: getFiles(), probe: probeImage }, admin.uid);
    if (report.images + report.events > 0) console.log(`Demo data: ${report.images} images and ${report.events} events created.`);
  } catch (error) {
    console.error('Demo events could not be written:', error);
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
    for (const line of await reconcile(getDocuments(), getAccounts())) console.log(line);
  } catch (error) {
    console.error('Accounts could not be compared with the user documents:', error);
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
    if (written > 0) console.log(`Public events mirror: ${written} documents written.`);
  } catch (error) {
    // Until it is built, public pages of an older database show fewer events; nothing private shows.
    console.error('The public events mirror could not be built:', error);
  }
  try {
    const written = await maskScannedAddresses(getDocuments());
    if (written > 0) console.log(`Scan log: ${written} addresses masked.`);
  } catch (error) {
    // Until it runs, door phones may read an old scan's full address in the latest scans.
    console.error('The scan log could not be masked:', error);
  }
  try {
    const written = await backfillLounge(getDocuments());
    if (written > 0) console.log(`Lounge: ${written} documents written.`);
  } catch (error) {
    // Until it is built, the lounge of an older database shows fewer pictures; nothing else changes.
    console.error('The lounge could not be built:', error);
  }
}
