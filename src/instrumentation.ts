// Runs once when the server starts. In the embedded backend it writes the demo data that is
// missing, so a fresh checkout opens with accounts to sign in with.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { env } = await import('@/server/env');
  if (env.BACKEND !== 'embedded') return;
  const [{ seedDemoData }, { getDocuments }, { firebaseAccounts }] = await Promise.all([
    import('@/server/demo/seed'),
    import('@/server/documents/documents'),
    import('@/server/accounts/firebase-accounts'),
  ]);
  try {
    const report = await seedDemoData(getDocuments(), firebaseAccounts);
    if (report.accountsCreated + report.documentsCreated > 0) {
      console.log(`Demo data: ${report.accountsCreated} sign-in accounts and ${report.documentsCreated} user documents created.`);
    }
  } catch (error) {
    // The app still serves pages; sign-in needs the emulator that scripts/with-backend.mjs starts.
    console.error('Demo data could not be written (is the Auth emulator running?):', error);
  }
}
