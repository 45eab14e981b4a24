// Runs once when the server starts. In the embedded backend it writes the demo data that is
// missing, so a fresh checkout opens with accounts to sign in with; in both backends it starts the
// membership expiry sweep.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { env } = await import('@/server/env');
  if (env.BACKEND === 'embedded') await seedDemo();
  const [{ scheduleMembershipExpiry }, { getDocuments }, { firebaseAccounts }] = await Promise.all([
    import('@/server/membership-expiry'),
    import('@/server/documents/documents'),
    import('@/server/accounts/firebase-accounts'),
  ]);
  scheduleMembershipExpiry(getDocuments(), firebaseAccounts);
}

async function seedDemo() {
  const [{ seedDemoData }, { seedDemoEvents }, { getDocuments }, { getFiles }, { firebaseAccounts }, { probeImage }, { DEMO_ACCOUNTS }] = await Promise.all([
    import('@/server/demo/seed'),
    import('@/server/demo/demo-events'),
    import('@/server/documents/documents'),
    import('@/server/files/files'),
    import('@/server/accounts/firebase-accounts'),
    import('@/server/images/probe'),
    import('@/server/demo/demo-accounts'),
  ]);
  try {
    const report = await seedDemoData(getDocuments(), firebaseAccounts);
    if (report.accountsCreated + report.documentsCreated > 0) {
      console.log(`Demo data: ${report.accountsCreated} sign-in accounts and ${report.documentsCreated} user documents created.`);
    }
    const { seedDemoMemberships } = await import('@/server/demo/demo-memberships');
    const memberships = await seedDemoMemberships(getDocuments(), firebaseAccounts);
    if (memberships > 0) console.log(`Demo data: ${memberships} memberships created.`);
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
