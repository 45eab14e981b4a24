// Issue 17: nothing acknowledged is lost when the embedded server dies. The real built app (as
// `npm start` runs it, on its own port, Auth emulator host and DATA_DIR) takes a mixed write load
// over HTTP and the emulator's REST API, is killed with SIGKILL of its whole process group at three
// different points, and is started again; every write acknowledged before the kill must be there,
// the interrupted upload must resume, and nothing may happen twice; a backup taken under load
// restores to a working app. Decisions 029 and 031. A membership approved just before the kill
// is mailed exactly once after the restart (issue 44).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { expect, test, type APIRequestContext } from './support/test';
import { DEMO_ACCOUNTS } from '../src/app/_server/demo/demo-accounts';
import { OPEN_EVENT } from './support/door';
import { emulatorApi, killApp, mutate, sessionFor, startApp, stopAllApps, stopApp, storedDocuments, type AppServer } from './support/crash';
import { mailDevBeside, mailTo, waitForMail } from './support/maildev';

// Ports of their own (not the suite's server's), so this runs beside the other specs.
const APP_PORT = Number(process.env.E2E_CRASH_PORT ?? 3310);
const EMULATOR = process.env.E2E_CRASH_EMULATOR_HOST ?? '127.0.0.1:9810';
/**
 * The emulator of the test's `n`th server (0, 1, 2): a launcher takes five ports from its emulator's
 * on, the emulator's three and MailDev's two (scripts/with-backend.mjs), so the servers are five
 * apart and none starts on a port the one before may still be letting go of.
 */
const emulatorOf = (n: number) => `127.0.0.1:${Number(EMULATOR.split(':')[1]) + 5 * n}`;
const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
const PASSWORD = 'correct-horse-7';

test.describe.configure({ mode: 'serial' });
test.afterEach(stopAllApps);

/** Runs `count` writes at once and kills the app once `killAfter` of them were acknowledged. */
async function killDuring<T>(server: AppServer, count: number, killAfter: number, write: (index: number) => Promise<T>) {
  const acknowledged: T[] = [];
  let kill!: () => void;
  const killed = new Promise<void>((done) => (kill = done));
  const writes = Array.from({ length: count }, (_, index) =>
    write(index).then(
      (result) => {
        // Only what was acknowledged before the kill counts; later answers cannot exist.
        acknowledged.push(result);
        if (acknowledged.length === killAfter) kill();
      },
      () => undefined,
    ),
  );
  await killed;
  const snapshot = [...acknowledged];
  await killApp(server);
  await Promise.all(writes);
  return snapshot;
}

function stamp() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

function eventInput(title: string) {
  const day = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  return {
    slug: '',
    title: { en: title, de: `${title} (de)` },
    summary: { en: 'A night.', de: 'Ein Abend.' },
    description: { en: '', de: '' },
    doorsAt: `${day}T20:00`,
    startsAt: `${day}T21:00`,
    endsAt: `${day}T23:30`,
    venue: { name: 'Nordlicht', address: 'Kaistraße 7, 12345 Musterstadt' },
    capacity: 100,
    drinkAllowance: 1,
    coverImageId: null,
  };
}

test('acknowledged accounts, documents, an upload and deliveries survive SIGKILL at three points, and nothing happens twice', async ({ playwright }) => {
  test.setTimeout(420_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-crash-'));
  const auth = emulatorApi(EMULATOR);
  // Each figure as soon as it is known, so a failing run still shows the ones before.
  const report = (figure: string) => console.log(figure);
  let server = await startApp(APP_PORT, EMULATOR, dataDir);
  const adminRequest = await playwright.request.newContext();
  await sessionFor(adminRequest, server, admin.email, admin.password);

  // Three members who can be admitted at the door: an account, a session, a membership approved.
  const members: { uid: string; email: string; password: string; request: APIRequestContext }[] = [];
  for (let index = 0; index < 3; index++) {
    const email = `crash-member-${index}-${stamp()}@example.org`;
    const { localId: uid } = await auth.signUp(email, PASSWORD);
    await auth.confirmAddress(uid);
    const request = await playwright.request.newContext();
    await sessionFor(request, server, email, PASSWORD);
    const { id } = await mutate<{ id: string }>(request, server, 'memberships.request', { note: '' });
    await mutate(adminRequest, server, 'memberships.approve', { id, revision: 0 });
    members.push({ uid, email, password: PASSWORD, request });
  }

  // Kill point 1: in the middle of a burst of sign-ups, just after a notification to everyone was
  // acknowledged (its delivery runs in the background).
  const { id: notificationId } = await mutate<{ id: string }>(adminRequest, server, 'notifications.save', {
    id: null,
    notification: { title: { en: 'Crash test', de: 'Absturztest' }, body: { en: 'Once only.', de: 'Nur einmal.' }, link: '', audience: { kind: 'everyone' } },
  });
  await mutate(adminRequest, server, 'notifications.sendNow', { id: notificationId });
  const signUps = await killDuring(server, 24, 12, async (index) => {
    const email = `crash-signup-${index}-${stamp()}@example.org`;
    const { localId } = await auth.signUp(email, PASSWORD);
    return { uid: localId, email };
  });
  server = await startApp(APP_PORT, EMULATOR, dataDir);
  let kept = 0;
  for (const account of [...members, ...signUps]) if ((await auth.signIn(account.email, PASSWORD).catch(() => null))?.localId === account.uid) kept++;
  const users = new Set(storedDocuments(dataDir, 'users').map((doc) => doc.id));
  const documentsKept = members.filter((member) => users.has(member.uid)).length;
  report(`kill point 1 (sign-ups, a notification sending): accounts kept ${kept} of ${members.length + signUps.length} acknowledged, user documents kept ${documentsKept} of ${members.length}`);
  expect(kept).toBe(members.length + signUps.length);
  expect(documentsKept).toBe(members.length);
  expect(server.output()).toMatch(/^Recovered after an unclean stop: .*\.$/m);

  // Six of them sign in (which writes their user documents), so they can be given roles below.
  for (const account of signUps.slice(0, 6)) {
    const request = await playwright.request.newContext();
    await sessionFor(request, server, account.email, PASSWORD);
    await request.dispose();
  }

  // Kill point 2: in the middle of creating events, with an upload half done, after a password
  // change and a role change were acknowledged.
  await sessionFor(adminRequest, server, admin.email, admin.password);
  const changed = members[0]!;
  const { idToken } = await auth.signIn(changed.email, changed.password);
  await auth.changePassword(idToken, 'changed-horse-8');
  changed.password = 'changed-horse-8';
  await mutate(adminRequest, server, 'users.setRole', { uid: members[1]!.uid, role: 'scanner' });

  const picture = await sharp(Buffer.from(Array.from({ length: 200 * 200 * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width: 200, height: 200, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const base = () => `http://localhost:${server.port}`;
  const tusHeaders = () => ({ 'tus-resumable': '1.0.0', origin: base() });
  const created = await adminRequest.post(`${base()}/api/uploads`, {
    headers: { ...tusHeaders(), 'upload-length': String(picture.length), 'upload-metadata': `use ${Buffer.from('images').toString('base64')},filetype ${Buffer.from('image/png').toString('base64')}` },
  });
  expect(created.status()).toBe(201);
  const location = new URL(created.headers()['location']!, base()).pathname;
  const half = Math.floor(picture.length / 2);
  const firstPart = await adminRequest.patch(`${base()}${location}`, {
    headers: { ...tusHeaders(), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    data: picture.subarray(0, half),
  });
  expect(firstPart.status()).toBe(204);
  const acknowledgedOffset = Number(firstPart.headers()['upload-offset']);

  const events = await killDuring(server, 12, 6, (index) => mutate<{ id: string }>(adminRequest, server, 'events.create', eventInput(`Crash night ${index} ${stamp()}`)));
  server = await startApp(APP_PORT, EMULATOR, dataDir);
  const storedEvents = new Set(storedDocuments(dataDir, 'events').map((doc) => doc.id));
  const eventsKept = events.filter((event) => storedEvents.has(event.id)).length;
  expect(await auth.signIn(changed.email, 'changed-horse-8')).toMatchObject({ localId: changed.uid });
  await expect(auth.signIn(changed.email, PASSWORD)).rejects.toThrow(/INVALID_/);
  const claims = (await auth.lookup(members[1]!.uid)).users?.[0]?.customAttributes ?? '{}';
  expect(JSON.parse(claims)).toMatchObject({ role: 'scanner' });
  report(`kill point 2 (events, an upload half done): documents kept ${eventsKept} of ${events.length} acknowledged; password change and role claim kept`);
  expect(eventsKept).toBe(events.length);

  // The upload continues where the server last acknowledged it.
  await sessionFor(adminRequest, server, admin.email, admin.password);
  const head = await adminRequest.head(`${base()}${location}`, { headers: tusHeaders() });
  expect(head.status()).toBe(200);
  const offset = Number(head.headers()['upload-offset']);
  expect(offset).toBeGreaterThanOrEqual(acknowledgedOffset);
  const rest = await adminRequest.patch(`${base()}${location}`, {
    headers: { ...tusHeaders(), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    data: picture.subarray(offset),
  });
  expect(rest.status()).toBe(204);
  expect(Number(rest.headers()['upload-offset'])).toBe(picture.length);
  const uploadId = location.split('/').pop()!;
  const stored = readdirSync(join(dataDir, 'uploads')).find((name) => name === uploadId)!;
  expect(readFileSync(join(dataDir, 'uploads', stored)).equals(picture)).toBe(true);

  // Kill point 3: in the middle of door admissions and role changes.
  const door = await playwright.request.newContext();
  await sessionFor(door, server, admin.email, admin.password);
  const admissions = members.map((member, index) => ({ uid: member.uid, nonce: `crash-${index}-${stamp()}` }));
  const changes = await killDuring(server, admissions.length + 6, 4, async (index) => {
    if (index < admissions.length) {
      const admission = admissions[index]!;
      await mutate(door, server, 'door.admit', { eventId: OPEN_EVENT, uid: admission.uid, nonce: admission.nonce, device: 'Crash door' });
      return { kind: 'admission' as const, uid: admission.uid };
    }
    const account = signUps[index - admissions.length]!;
    await mutate(adminRequest, server, 'users.setRole', { uid: account.uid, role: 'scanner' });
    return { kind: 'role' as const, uid: account.uid };
  });
  server = await startApp(APP_PORT, EMULATOR, dataDir);
  const admitted = changes.filter((change) => change.kind === 'admission');
  const checkedInBefore = new Set(storedDocuments(dataDir, 'checkins').filter((doc) => doc.data.eventId === OPEN_EVENT).map((doc) => String(doc.data.uid)));
  const admissionsKept = admitted.filter((admission) => checkedInBefore.has(admission.uid)).length;
  await sessionFor(door, server, admin.email, admin.password);
  // The scanner retries every admission with its nonce (as its queue does after a lost answer).
  for (const admission of admissions) {
    await mutate(door, server, 'door.admit', { eventId: OPEN_EVENT, uid: admission.uid, nonce: admission.nonce, device: 'Crash door' });
  }
  const checkins = storedDocuments(dataDir, 'checkins').filter((doc) => doc.data.eventId === OPEN_EVENT);
  for (const member of members) expect(checkins.filter((doc) => doc.data.uid === member.uid), `check-ins of ${member.uid}`).toHaveLength(1);
  let rolesKept = 0;
  const roleChanges = changes.filter((change) => change.kind === 'role');
  for (const change of roleChanges) if (JSON.parse((await auth.lookup(change.uid)).users?.[0]?.customAttributes ?? '{}').role === 'scanner') rolesKept++;
  report(`kill point 3 (door admissions, role changes): admissions kept ${admissionsKept} of ${admitted.length} acknowledged (each once after the scanner's retries), role claims kept ${rolesKept} of ${roleChanges.length}`);
  expect(admissionsKept).toBe(admitted.length);
  expect(rolesKept).toBe(roleChanges.length);

  // The notification interrupted at kill point 1 is finished by a later start (after its lease),
  // with exactly one inbox copy per recipient.
  await expect
    .poll(() => storedDocuments(dataDir, 'notifications').find((doc) => doc.id === notificationId)?.data.status, { timeout: 150_000, intervals: [2000] })
    .toBe('sent');
  const copies = storedDocuments(dataDir, 'inbox').filter((doc) => doc.data.notificationId === notificationId);
  const perPerson = new Map<string, number>();
  for (const copy of copies) perPerson.set(String(copy.data.uid), (perPerson.get(String(copy.data.uid)) ?? 0) + 1);
  expect([...perPerson.values()].every((count) => count === 1), 'one inbox copy per recipient').toBe(true);
  expect(perPerson.size).toBeGreaterThan(60);
  report(`notification interrupted at kill point 1: sent, ${copies.length} inbox copies for ${perPerson.size} recipients`);

  await stopApp(server);
  for (const member of members) await member.request.dispose();
  await Promise.all([adminRequest.dispose(), door.dispose()]);
  rmSync(dataDir, { recursive: true, force: true });
});

test('a backup taken under load restores to a working app with the same accounts and documents, and a truncated account snapshot falls back to the previous one', async ({ playwright }) => {
  test.setTimeout(300_000);
  const port = APP_PORT + 2;
  const emulator = emulatorOf(1);
  const auth = emulatorApi(emulator);
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-backup-'));
  let server = await startApp(port, emulator, dataDir);
  const adminRequest = await playwright.request.newContext();
  await sessionFor(adminRequest, server, admin.email, admin.password);

  // Load: sign-ups and events, one after another, until told to stop.
  const before: { accounts: { uid: string; email: string }[]; events: string[] } = { accounts: [], events: [] };
  let backupStarted = false;
  let loading = true;
  const load = (async () => {
    for (let index = 0; loading; index++) {
      const email = `backup-${index}-${stamp()}@example.org`;
      const { localId } = await auth.signUp(email, PASSWORD);
      const { id } = await mutate<{ id: string }>(adminRequest, server, 'events.create', eventInput(`Backup night ${index} ${stamp()}`));
      if (!backupStarted) {
        before.accounts.push({ uid: localId, email });
        before.events.push(id);
      }
    }
  })();
  await expect.poll(() => before.accounts.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(5);
  const file = join(mkdtempSync(join(tmpdir(), 'venue-backups-')), 'copy.backup');
  const BACKUP_PASSPHRASE = 'a crash test passphrase';
  backupStarted = true;
  const backup = spawnSync(process.execPath, ['scripts/backup.mjs', file], { env: { ...process.env, DATA_DIR: dataDir, BACKUP_PASSPHRASE }, encoding: 'utf8' });
  expect(backup.status, backup.stderr).toBe(0);
  const written = /^Backup of .* written to .*: \d+ documents, (\d+) accounts, \d+ files and keys, in [\d.]+ s, encrypted with the passphrase\.$/m.exec(backup.stdout);
  expect(written, backup.stdout).not.toBeNull();
  loading = false;
  await load;
  await stopApp(server);

  const restored = join(mkdtempSync(join(tmpdir(), 'venue-restored-')), 'data');
  const restore = spawnSync(process.execPath, ['scripts/restore.mjs', file], { env: { ...process.env, DATA_DIR: restored, BACKUP_PASSPHRASE }, encoding: 'utf8' });
  expect(restore.status, restore.stderr).toBe(0);
  expect(restore.stdout).toMatch(/^Restored the backup of /);
  server = await startApp(port, emulator, restored);
  for (const account of before.accounts) expect((await auth.signIn(account.email, PASSWORD)).localId).toBe(account.uid);
  const events = new Set(storedDocuments(restored, 'events').map((doc) => doc.id));
  for (const id of before.events) expect(events.has(id), `event ${id}`).toBe(true);
  const accountsNow = JSON.parse(readFileSync(join(restored, 'auth', 'auth_export', 'accounts.json'), 'utf8')) as { users: unknown[] };
  expect(accountsNow.users).toHaveLength(Number(written?.[1]));
  // The restored app works: the admin signs in and changes something.
  const again = await playwright.request.newContext();
  await sessionFor(again, server, admin.email, admin.password);
  await mutate(again, server, 'events.create', eventInput(`After the restore ${stamp()}`));

  // A crash leaves the newest account snapshot cut short: the next start takes the previous one.
  await killApp(server);
  const newest = join(restored, 'auth', 'auth_export', 'accounts.json');
  writeFileSync(newest, readFileSync(newest).subarray(0, 100));
  server = await startApp(port, emulator, restored);
  expect(server.output()).toMatch(/^Recovered after an unclean stop: .*the newest snapshot was truncated or damaged; recovered the previous one \(\d+ accounts\).*\.$/m);
  for (const account of before.accounts) expect((await auth.signIn(account.email, PASSWORD)).localId).toBe(account.uid);
  expect(readdirSync(join(restored, 'auth', 'damaged'))).toHaveLength(1);
  await stopApp(server);
  await Promise.all([adminRequest.dispose(), again.dispose()]);
  for (const made of [dataDir, dirname(file), dirname(restored)]) rmSync(made, { recursive: true, force: true });
});

test('a server killed right after an approval was acknowledged, before its mail went, sends exactly one approval mail after the restart', async ({ playwright }) => {
  test.setTimeout(300_000);
  const port = APP_PORT + 4;
  const emulator = emulatorOf(2);
  const inbox = mailDevBeside(emulator);
  const auth = emulatorApi(emulator);
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-crash-mail-'));
  // The outbox's first round is held back, so the kill certainly comes between the approval and its
  // mail (without it, a round every 5 s would rarely fall into the few milliseconds).
  let server = await startApp(port, emulator, dataDir, { MAIL_SENDER_DELAY_MS: '600000' });
  const adminRequest = await playwright.request.newContext();
  await sessionFor(adminRequest, server, admin.email, admin.password);
  const email = `crash-mail-${stamp()}@example.org`;
  const { localId: uid } = await auth.signUp(email, PASSWORD);
  await auth.confirmAddress(uid);
  const memberRequest = await playwright.request.newContext();
  await sessionFor(memberRequest, server, email, PASSWORD);
  const { id } = await mutate<{ id: string }>(memberRequest, server, 'memberships.request', { note: '' });
  await mutate(adminRequest, server, 'memberships.approve', { id, revision: 0 });
  await killApp(server);

  // Queued with the approval, not sent: the outbox holds it, MailDev's folder has nothing.
  const approvalId = `membership-approved-${id}-1`;
  expect(storedDocuments(dataDir, 'subscriptions').find((doc) => doc.id === id)?.data.status).toBe('active');
  expect(storedDocuments(dataDir, 'mail').find((doc) => doc.id === approvalId)?.data).toMatchObject({ status: 'pending', attempts: 0, to: email });
  expect(readdirSync(join(dataDir, 'maildev')).filter((name) => name.endsWith('.eml'))).toEqual([]);

  server = await startApp(port, emulator, dataDir);
  const approval = await waitForMail(email, 'Welcome to Nordlicht VIP', 60_000, inbox);
  expect(approval.headers['message-id']).toBe(`<${approvalId}.mail@localhost>`);
  // A few more rounds of the sender: still one of each.
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  const received = await mailTo(email, inbox);
  const subjects = received.map((mail) => mail.subject).sort();
  console.log(`mail after a kill between an approval and its mail: ${received.length} mails to the member (${subjects.join(', ')})`);
  expect(subjects).toEqual(['We have your membership request', 'Welcome to Nordlicht VIP']);
  expect(received.filter((mail) => mail.headers['message-id'] === `<${approvalId}.mail@localhost>`)).toHaveLength(1);
  expect(storedDocuments(dataDir, 'mail').find((doc) => doc.id === approvalId)?.data).toMatchObject({ status: 'sent', attempts: 1 });

  await stopApp(server);
  await Promise.all([adminRequest.dispose(), memberRequest.dispose()]);
  rmSync(dataDir, { recursive: true, force: true });
});
