// Two servers of one deployment on one store, as a load balancer without affinity spreads a venue's
// phones over Cloud Run instances: server A (`next start`) and server B (the standalone build, a
// process of its own; playwright.config.ts), on the same Firestore stand-in and Auth emulator with
// the same keys. A browser's cookie holds for both (same host), so a person's page may stream from B
// while their taps land on A. Each write below is made on A and must reach a screen served by B
// within 5 s: a door scan, an offline upload, a guest admitted, an inbox entry marked read, a
// notification cancelled, a membership approved. The screens are phones with the worker in control.
// The time each took is printed (the test's annotations).
import { expect, test, type Browser, type BrowserContext, type Page } from '../support/test';
import { MESSAGES } from '../support/i18n';
import { phone, readingPause, untilControlled } from '../support/installed-app';
import { openEvent, passCode, passIdFor } from '../support/door';
import { firestore, idTokenAt, secondServer, signUpAt, uniqueEmail } from './backend';

const en = MESSAGES.en;
const PASSWORD = 'correct-horse-7';
/** How soon a write on one server must show on a screen of the other. */
const ACROSS_SERVERS_MS = 5_000;
const DAY = 86_400_000;

test.describe.configure({ timeout: 90_000 });

/** A message with its values (simple arguments: `{name}`, `{count, number}`). */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)(?:, [^{}]*)?\}/g, (_, key: string) => String(values[key] ?? ''));
}

/** A phone with a session made on server A (the cookie holds for B too), the worker in control of B's pages. */
async function phoneSignedIn(browser: Browser, serverA: string, role: 'admin' | null, label: string) {
  const email = uniqueEmail(label);
  const { localId: uid } = await signUpAt(email, PASSWORD);
  const context = await browser.newContext({ ...phone('android'), baseURL: secondServer() });
  const session = await context.request.post(`${serverA}/api/session`, { data: { idToken: await idTokenAt(email, PASSWORD) }, headers: { origin: serverA } });
  expect(session.status(), await session.text()).toBe(200);
  const users = (await firestore()).collection('users').doc(uid);
  if (role) await users.update({ role });
  return { uid, email, context };
}

type Person = Awaited<ReturnType<typeof phoneSignedIn>>;

/** A member as members become one: they ask (on B, where their phone is), an admin approves (on A). */
async function approvedMember(browser: Browser, serverA: string, admin: Person, label: string): Promise<Person> {
  const member = await phoneSignedIn(browser, serverA, null, label);
  const asked = await member.context.request.post(`${secondServer()}/api/trpc/memberships.request`, {
    data: { json: { note: '' } },
    headers: { 'content-type': 'application/json', origin: secondServer() },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const [membership] = (await (await firestore()).collection('subscriptions').where('uid', '==', member.uid).get()).docs;
  await onA(admin.context, serverA, 'memberships.approve', { id: membership!.id, revision: 0 });
  return member;
}

/** A plural message for `count` (`{count, plural, =0 {…} one {…} other {…}}`). */
function plural(template: string, count: number): string {
  const cases = Object.fromEntries([...template.matchAll(/(=\d+|one|other) \{([^}]*)\}/g)].map((match) => [match[1], match[2]]));
  return (cases[`=${count}`] ?? (count === 1 ? cases.one : cases.other))!.replace('#', String(count));
}

/** A call of a procedure on server A, with the context's cookie. */
async function onA(context: BrowserContext, serverA: string, procedure: string, json: unknown, meta?: unknown) {
  const answer = await context.request.post(`${serverA}/api/trpc/${procedure}`, {
    data: meta ? { json, meta } : { json },
    headers: { 'content-type': 'application/json', origin: serverA },
  });
  expect(answer.status(), `${procedure}: ${await answer.text()}`).toBe(200);
  return (await answer.json()).result.data.json;
}

/** Waits until `check` passes on B's page, and notes how long after the write on A it took. */
async function reachesB(what: string, since: number, check: () => Promise<void>) {
  await check();
  const ms = Date.now() - since;
  test.info().annotations.push({ type: 'across servers', description: `${what}: ${ms} ms` });
  expect(ms, what).toBeLessThan(ACROSS_SERVERS_MS + 1_000);
}

/** The figure of the door panel on B whose term is `term`. */
function figure(panel: ReturnType<Page['getByRole']>, term: string) {
  return panel.locator('dt').filter({ hasText: new RegExp(`^${term}$`) }).locator('+ dd');
}

test('a door scan, an offline upload and a guest admitted on server A reach the admin’s door panel on server B', async ({ browser, baseURL }) => {
  const serverA = baseURL!;
  const db = await firestore();
  const master = Buffer.from(process.env.E2E_FIREBASE_PASS_SIGNING_KEY!, 'base64url');
  const admin = await phoneSignedIn(browser, serverA, 'admin', 'fb2-admin');
  const title = `Two servers ${Date.now().toString(36)}`;
  const { id: eventId } = await openEvent(admin.context.request, serverA, title, { capacity: 50 });

  // Two members with passes, as their phones' first visits make them.
  const members = await Promise.all(
    ['fb2-first', 'fb2-second'].map(async (label) => {
      const member = await approvedMember(browser, serverA, admin, label);
      await db.collection('passes').doc(passIdFor(member.uid, master)).set({ uid: member.uid, version: 1, createdAt: new Date(), rotatedAt: null });
      return member;
    }),
  );

  const listAt = new Date();

  // The admin's /admin, served and streamed by server B.
  const page = await admin.context.newPage();
  await page.goto('/admin');
  await untilControlled(page);
  await page.reload();
  const panel = page.getByRole('region', { name: new RegExp(title) });
  await expect(figure(panel, en.AdminDoor.inside)).toHaveText(fill(en.AdminDoor.ofCapacity, { count: 0, capacity: 50 }));
  await readingPause(page);

  // A door phone's scan, answered by server A.
  let since = Date.now();
  const scanned = await onA(admin.context, serverA, 'door.scan', {
    eventId,
    mode: 'entry',
    code: passCode(members[0]!.uid, 0, 1, master),
    nonce: `two-servers-scan-${since}`,
    source: 'keyboard',
    device: 'Front door',
  });
  expect(scanned.verdict).toBe('admitted');
  await reachesB('a door scan', since, () => expect(figure(panel, en.AdminDoor.admitted)).toHaveText('1', { timeout: ACROSS_SERVERS_MS }));

  // A door that lost its signal right after the members were approved (its list from then) let the
  // second one in, and uploads its queue to server A now: logged with the time it decided, before
  // the newest scan.
  const decidedAt = new Date(listAt.getTime() + 500);
  since = Date.now();
  const uploaded = await onA(
    admin.context,
    serverA,
    'door.upload',
    {
      decisions: [
        {
          eventId,
          nonce: `two-servers-offline-${since}`,
          mode: 'entry',
          // By name, from the door list it held: no code whose window must match the time.
          source: 'manual',
          uid: members[1]!.uid,
          verdict: 'admitted',
          decidedAt: decidedAt.toISOString(),
          device: 'Side door',
          listAt: listAt.toISOString(),
        },
      ],
    },
    { values: { 'decisions.0.decidedAt': ['Date'], 'decisions.0.listAt': ['Date'] } },
  );
  expect(uploaded.results).toEqual([{ nonce: expect.any(String), status: 'recorded' }]);
  await reachesB('an offline upload', since, async () => {
    await expect(figure(panel, en.AdminDoor.offline)).toHaveText('1', { timeout: ACROSS_SERVERS_MS });
    await expect(figure(panel, en.AdminDoor.admitted)).toHaveText('2');
  });

  // The first member brings a guest (on B, where their phone is); the guest's ticket is scanned at
  // a door answered by server A.
  const brought = await members[0]!.context.request.post(`${secondServer()}/api/trpc/guests.bring`, {
    data: { json: { eventId, name: 'Kai Gast', email: '' } },
    headers: { 'content-type': 'application/json', origin: secondServer() },
  });
  expect(brought.status(), await brought.text()).toBe(200);
  const { ticketId } = (await brought.json()).result.data.json as { ticketId: string };
  const ticket = (await db.collection('tickets').doc(ticketId).get()).data()!;
  since = Date.now();
  const admitted = await onA(admin.context, serverA, 'door.scan', {
    eventId,
    mode: 'entry',
    code: `NT1.${ticketId}.${ticket.signature}`,
    nonce: `two-servers-guest-${since}`,
    source: 'camera',
    device: 'Front door',
  });
  expect(admitted.verdict).toBe('admitted');
  await reachesB('a guest admitted', since, () =>
    expect(figure(panel, en.AdminDoor.guests)).toHaveText(fill(en.AdminDoor.admittedInside, { admitted: 1, inside: 1 }), { timeout: ACROSS_SERVERS_MS }),
  );
  await expect(figure(panel, en.AdminDoor.inside)).toHaveText(fill(en.AdminDoor.ofCapacity, { count: 3, capacity: 50 }));
  await panel.screenshot({ path: test.info().outputPath('door-panel-on-b.png') });
  for (const person of [admin, ...members]) await person.context.close();
});

test('an inbox entry marked read on server A lowers the unread count on a page streaming from server B', async ({ browser, baseURL }) => {
  const serverA = baseURL!;
  const admin = await phoneSignedIn(browser, serverA, 'admin', 'fb2-inbox-admin');
  const member = await approvedMember(browser, serverA, admin, 'fb2-inbox');
  const db = await firestore();
  // Two messages delivered to the member, the older first (as a delivery writes them).
  const stamp = Date.now().toString(36);
  const entries = ['older', 'newer'].map((which, index) => ({
    id: `fb2-${which}-${stamp}_${member.uid}`,
    data: { notificationId: `fb2-${which}-${stamp}`, uid: member.uid, lang: 'en', title: `The ${which} message`, body: 'Hello.', link: null, at: new Date(Date.now() - (2 - index) * 60_000), read: false, readAt: null, test: false },
  }));
  for (const entry of entries) await db.collection('inbox').doc(entry.id).set(entry.data);

  const page = await member.context.newPage();
  await page.goto('/vip');
  await untilControlled(page);
  await page.reload();
  const inbox = page.getByRole('region', { name: en.Inbox.title });
  // What the inbox tells a screen reader as it changes.
  const unread = inbox.locator('[aria-live="polite"]');
  await expect(unread).toHaveText(plural(en.Inbox.unreadCount, 2));
  await readingPause(page);

  // The older one, marked read on A (the page's stream is on B).
  let since = Date.now();
  await onA(member.context, serverA, 'inbox.markRead', { id: entries[0]!.id });
  await reachesB('an older inbox entry marked read', since, async () => {
    await expect(unread).toHaveText(plural(en.Inbox.unreadCount, 1), { timeout: ACROSS_SERVERS_MS });
    // The newer one is still marked unread, in words.
    await expect(inbox.locator('li').filter({ hasText: 'The newer message' })).toContainText(en.Inbox.unread);
  });
  since = Date.now();
  await onA(member.context, serverA, 'inbox.markAllRead', undefined);
  await reachesB('all marked read', since, () => expect(unread).toHaveText(plural(en.Inbox.unreadCount, 0), { timeout: ACROSS_SERVERS_MS }));
  for (const person of [admin, member]) await person.context.close();
});

test('a notification cancelled on server A shows as a draft on its page served by server B', async ({ browser, baseURL }) => {
  const serverA = baseURL!;
  const admin = await phoneSignedIn(browser, serverA, 'admin', 'fb2-notify');
  const { id } = await onA(admin.context, serverA, 'notifications.save', {
    id: null,
    notification: { title: { en: 'Tomorrow', de: 'Morgen' }, body: { en: 'Doors at nine.', de: 'Einlass um neun.' }, link: '', audience: { kind: 'people', uids: [admin.uid] } },
  });
  const tomorrow = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
    .format(new Date(Date.now() + DAY))
    .replace(' ', 'T');
  await onA(admin.context, serverA, 'notifications.schedule', { id, at: tomorrow });

  const page = await admin.context.newPage();
  await page.goto(`/admin/notifications/${id}`);
  await untilControlled(page);
  await page.reload();
  const status = page.getByTestId('notification-status');
  await expect(status).toContainText(en.AdminNotifications.status.scheduled);
  await readingPause(page);

  const since = Date.now();
  await onA(admin.context, serverA, 'notifications.cancel', { id });
  await reachesB('a notification cancelled', since, () => expect(status).toContainText(en.AdminNotifications.status.draft, { timeout: ACROSS_SERVERS_MS }));
  await admin.context.close();
});

test('a membership approved on server A opens the VIP area on the applicant’s page served by server B', async ({ browser, baseURL }) => {
  const serverA = baseURL!;
  const applicant = await phoneSignedIn(browser, serverA, null, 'fb2-applicant');
  const page = await applicant.context.newPage();
  await page.goto('/vip');
  await untilControlled(page);
  await page.reload();
  const offer = page.getByRole('region', { name: en.MembershipOffer.title });
  await offer.getByRole('button', { name: en.MembershipOffer.request }).click();
  await expect(offer.getByText(en.MembershipOffer.pendingBadge)).toBeVisible();
  await readingPause(page);

  const admin = await phoneSignedIn(browser, serverA, 'admin', 'fb2-approver');
  const [membership] = (await (await firestore()).collection('subscriptions').where('uid', '==', applicant.uid).get()).docs;
  const since = Date.now();
  await onA(admin.context, serverA, 'memberships.approve', { id: membership!.id, revision: 0 });
  await reachesB('a membership approved', since, () => expect(page.getByRole('region', { name: en.VipHome.membershipHeading })).toContainText(en.VipHome.active, { timeout: ACROSS_SERVERS_MS }));
  for (const person of [applicant, admin]) await person.context.close();
});
