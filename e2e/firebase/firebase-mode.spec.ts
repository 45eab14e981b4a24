// The built app in Firebase mode (BACKEND=firebase), with the Auth emulator and the Firestore
// stand-in in place of Google (scripts/firebase-e2e-server.mjs): sign-in, a role given in
// users/{uid}, an event from the admin's form to the public pages in both languages, the admin's
// lists, the programme keeping the server's cards while the browser's Firestore is out of reach,
// a site without Storage saying so, and a membership approved. What this cannot prove (rules, the browser's own
// Firestore reads over WebChannel, Storage) is listed in prisma-free-docs/deployment.md.
import { expect, test, type Page } from '../support/test';
import { MESSAGES, localized, type TestLocale } from '../support/i18n';
import { firestore, signUpAt, uniqueEmail } from './backend';
import { openEvent, passCode, passIdFor } from '../support/door';

const en = MESSAGES.en;
// Whole journeys (sign-up, sign-in, forms, several pages) on a shared two-core machine.
test.describe.configure({ timeout: 60_000 });

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/** A date some days from now, as the admin form's datetime-local value. */
function inDays(days: number, time = '21:00'): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.toISOString().slice(0, 10)}T${time}`;
}

/** Signs in through /login as a person would (the page's Firebase Auth talks to the emulator). */
async function signIn(page: Page, email: string, password: string, locale: TestLocale = 'en') {
  const m = MESSAGES[locale];
  await page.goto(localized(locale, '/login'));
  await page.getByLabel(m.Auth.email).fill(email);
  await page.getByLabel(m.Auth.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: m.Auth.submit.signIn, exact: true }).click();
  await page.waitForURL((url) => url.pathname === localized(locale, '/'));
  await expect(page.getByRole('button', { name: m.Nav.signOut }).first()).toBeAttached();
}

/** A new account, signed in, whose users/{uid} then says admin. */
async function newAdmin(page: Page): Promise<{ uid: string; email: string }> {
  const email = uniqueEmail('fb-admin');
  const { localId: uid } = await signUpAt(email, 'correct-horse-7');
  await signIn(page, email, 'correct-horse-7');
  await (await firestore()).collection('users').doc(uid).update({ role: 'admin' });
  return { uid, email };
}

test('signing in creates a session, and a role set in users/{uid} takes effect at the next request', async ({ page }) => {
  const email = uniqueEmail('fb-member');
  const { localId: uid } = await signUpAt(email, 'correct-horse-7');
  await signIn(page, email, 'correct-horse-7');
  // The session made users/{uid}, with both of its server timestamps (the stand-in's patch).
  const stored = (await (await firestore()).collection('users').doc(uid).get()).data();
  expect(stored).toMatchObject({ email, role: null });
  expect(stored?.createdAt).toBeTruthy();
  expect(stored?.lastSignInAt).toBeTruthy();

  expect((await page.goto('/admin/users'))?.status()).toBe(403);
  await (await firestore()).collection('users').doc(uid).update({ role: 'admin' });
  expect((await page.goto('/admin/users'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: en.Pages.adminUsers.title })).toBeVisible();
  // The admin's list of users loads from Firestore and holds this account.
  await expect(page.getByRole('cell', { name: email })).toBeVisible();
});

test('an admin creates and publishes an event, and the public pages show it in English and German', async ({ page, browser }) => {
  await newAdmin(page);
  const m = en.AdminEvents;
  const word = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const title = { en: `Harbour Night ${word}`, de: `Hafennacht ${word}` };

  await page.goto('/admin/events');
  await expect(page.getByRole('heading', { level: 1, name: en.Pages.adminEvents.title })).toBeVisible();
  await page.getByRole('link', { name: m.create }).click();
  for (const [language, name] of [['en', m.languages.en], ['de', m.languages.de]] as const) {
    await page.getByLabel(fill(m.fields.title, { language: name })).fill(title[language]);
    await page.getByLabel(fill(m.fields.summary, { language: name })).fill(language === 'en' ? 'Boats and lanterns.' : 'Boote und Laternen.');
  }
  await page.getByLabel(m.fields.startsAt).fill(inDays(12));
  await page.getByRole('button', { name: m.createDraft }).click();
  await expect(page.getByText(m.created)).toBeVisible();
  await page.getByRole('button', { name: m.actions.publish }).click();
  await expect(page.getByRole('status').filter({ hasText: m.done.publish })).toBeVisible();

  // The admin's list of events loads and holds it.
  await page.goto('/admin/events');
  await expect(page.getByText(title.en).first()).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  for (const locale of ['en', 'de'] as const) {
    await visitor.goto(localized(locale, '/events'));
    await visitor.getByRole('link', { name: title[locale] }).click();
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title[locale]);
  }
  await visitor.context().close();
});

// The browser's Firestore cannot reach the stand-in (no WebChannel), as a phone whose Firestore is
// out of reach: the SDK answers from its empty cache. The page carries no copy of the list
// (decision 036), so the server's cards must stay, with the list marked as reconnecting.
test('with Firestore out of the browser’s reach, the programme keeps the server’s cards and says it is reconnecting', async ({ page }) => {
  // An event in the public mirror, as the admin's publishing writes it.
  const word = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const startsAt = new Date(Date.now() + 20 * 86_400_000);
  await (await firestore())
    .collection('publicEvents')
    .doc(`reach-${word}`)
    .set({
      slug: `reach-${word}`,
      status: 'published',
      title: { en: `Signal Night ${word}`, de: `Funknacht ${word}` },
      summary: { en: 'Out of reach.', de: 'Außer Reichweite.' },
      description: { en: '', de: '' },
      startsAt,
      endsAt: new Date(startsAt.getTime() + 4 * 3_600_000),
      doorsAt: new Date(startsAt.getTime() - 3_600_000),
      venue: { name: 'Nordlicht', address: 'Kaistraße 7, 12345 Musterstadt' },
      cover: null,
      updatedAt: new Date(),
    });
  await page.goto('/de/events');
  await expect(page.getByRole('link', { name: `Funknacht ${word}` })).toBeVisible();
  const cards = page.getByRole('article');
  const count = await cards.count();
  await cards.first().evaluate((card) => card.setAttribute('data-from-server', ''));
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.de.Events.reconnecting })).toBeVisible({ timeout: 30_000 });
  await expect(cards).toHaveCount(count);
  await expect(cards.first()).toHaveAttribute('data-from-server', '');
});

test('without Storage the image library says so in words, and the rest of the admin works', async ({ page }) => {
  await newAdmin(page);
  for (const locale of ['en', 'de'] as const) {
    const response = await page.goto(localized(locale, '/admin/images'));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES[locale].Pages.adminImages.title })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES[locale].AdminImages.storageUnavailable })).toBeVisible();
    // Nothing to upload into: no file picker.
    await expect(page.locator('input[type=file]')).toHaveCount(0);
  }
  // The list itself comes from Firestore: the server's list answers (the page reads it with
  // onSnapshot in the browser, which the stand-in cannot serve).
  const list = await page.request.get(`/api/trpc/images.list?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`);
  expect(list.status(), await list.text()).toBe(200);
  expect(((await list.json()) as { result: { data: { json: unknown[] } } }).result.data.json).toEqual([]);
  // The rest of the admin still answers.
  expect((await page.goto('/admin/users'))?.status()).toBe(200);
  expect((await page.goto('/admin/events'))?.status()).toBe(200);
});

test('a membership asked for and approved on Firestore opens the VIP area, its lounge and the profile; the role comes from the approval', async ({ page, browser, baseURL }) => {
  // The person asks at the VIP door.
  const email = uniqueEmail('fb-guest');
  const { localId: uid } = await signUpAt(email, 'correct-horse-7');
  await signIn(page, email, 'correct-horse-7');
  expect((await page.goto('/vip'))?.status()).toBe(403);
  const offer = page.getByRole('region', { name: en.MembershipOffer.title });
  await offer.getByRole('button', { name: en.MembershipOffer.request }).click();
  await expect(offer.getByText(en.MembershipOffer.pendingBadge)).toBeVisible();

  // An admin approves it through the procedure the list's Approve button calls; the transaction
  // (membership, role, summary, audit) runs on Firestore.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await newAdmin(admin);
  const [membership] = (await (await firestore()).collection('subscriptions').where('uid', '==', uid).get()).docs;
  expect(membership?.data()).toMatchObject({ status: 'pending', email });
  const approved = await admin.request.post('/api/trpc/memberships.approve', {
    data: { json: { id: membership!.id, revision: 0 } },
    headers: { 'content-type': 'application/json', origin: baseURL! },
  });
  expect(approved.status()).toBe(200);
  const user = (await (await firestore()).collection('users').doc(uid).get()).data();
  expect(user).toMatchObject({ role: 'user', membership: { id: membership!.id } });

  expect((await page.goto('/vip'))?.status()).toBe(200);
  await expect(page.getByRole('region', { name: en.VipHome.membershipHeading })).toContainText(en.VipHome.active);
  await adminContext.close();

  // The lounge is rendered from loungeImages on Firestore, the mirror every library write keeps.
  // (The browser's onSnapshot that keeps it current needs WebChannel, which the stand-in cannot
  // serve, decision 019: here the page keeps the server's list and says it is reconnecting.)
  const alt = `Firestore lounge ${Date.now().toString(36)}`;
  await (await firestore()).collection('loungeImages').doc(`fb-lounge-${Date.now().toString(36)}`).set({ width: 1200, height: 900, alt: { en: alt, de: alt }, createdAt: new Date() });
  await page.goto('/vip/lounge');
  await expect(page.getByRole('heading', { level: 1, name: en.Pages.vipLounge.title })).toBeVisible();
  await expect(page.locator(`.lounge__grid img[alt="${alt}"]`)).toHaveCount(1);

  // The profile's name is saved in users/{uid} on Firestore and on the Auth emulator's account.
  await page.goto('/vip/profile');
  // By role, which counts only what is shown: once, a hidden second match made the label ambiguous.
  await page.getByRole('textbox', { name: en.Profile.nameLabel }).fill('Firestore Member');
  await page.getByRole('button', { name: en.Profile.saveName }).click();
  await expect(page.getByText(en.Profile.nameSaved)).toBeVisible();
  expect((await (await firestore()).collection('users').doc(uid).get()).data()).toMatchObject({ displayName: 'Firestore Member' });
});

test('the door on Firestore: a pass is admitted once, a second scan is "Already admitted", every scan is logged', async ({ page, baseURL }) => {
  const db = await firestore();
  const master = Buffer.from(process.env.E2E_FIREBASE_PASS_SIGNING_KEY!, 'base64url');
  // A member, as an operator would make one in the console: an active membership summary.
  const email = uniqueEmail('fb-member');
  const { localId: uid } = await signUpAt(email, 'correct-horse-7');
  const day = 86_400_000;
  await db.collection('users').doc(uid).set({
    email,
    displayName: 'Firestore Member',
    photoURL: null,
    avatarPath: null,
    role: 'user',
    locale: null,
    disabled: false,
    membership: { id: 'fb-membership', validFrom: new Date(Date.now() - day), validUntil: new Date(Date.now() + 30 * day) },
    createdAt: new Date(),
    lastSignInAt: new Date(),
    searchTerms: [],
  });
  // The pass as the member's phone's first visit to it creates it.
  await db.collection('passes').doc(passIdFor(uid, master)).set({ uid, version: 1, createdAt: new Date(), rotatedAt: null });
  // An event whose door is open now, written through the admin's procedures.
  await newAdmin(page);
  const headers = { 'content-type': 'application/json', origin: baseURL! };
  const { id: eventId } = await openEvent(page.request, baseURL!, 'Door test night', { doorsHoursAgo: 1, startsInHours: 0 });

  const scan = async (nonce: string) => {
    const answer = await page.request.post('/api/trpc/door.scan', {
      headers,
      data: { json: { eventId, mode: 'entry', code: passCode(uid, 0, 1, master), nonce, source: 'keyboard', device: 'Firestore door' } },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()).result.data.json as { verdict: string; firstDevice: string | null };
  };
  expect((await scan('firestore-scan-1')).verdict).toBe('admitted');
  expect(await scan('firestore-scan-2')).toMatchObject({ verdict: 'alreadyAdmitted', firstDevice: 'Firestore door' });
  // The retry of the first scan gets its first answer, not a second admission.
  expect((await scan('firestore-scan-1')).verdict).toBe('admitted');
  expect((await db.collection('checkins').doc(`${eventId}_${uid}`).get()).data()).toMatchObject({ uid, device: 'Firestore door', source: 'keyboard' });
  expect((await db.collection('scans').where('eventId', '==', eventId).get()).size).toBe(2);
});

test('on Firestore a member gets their pass and registers their phone’s key, then deletes their account and its data', async ({ page, baseURL }) => {
  const db = await firestore();
  const email = uniqueEmail('fb-leaving');
  const { localId: uid } = await signUpAt(email, 'correct-horse-7');
  await signIn(page, email, 'correct-horse-7');
  const day = 86_400_000;
  await db.collection('users').doc(uid).update({
    role: 'user',
    membership: { id: 'fb-membership', validFrom: new Date(Date.now() - day), validUntil: new Date(Date.now() + 30 * day) },
  });
  const headers = { 'content-type': 'application/json', origin: baseURL! };

  const mine = await page.request.get('/api/trpc/pass.mine');
  expect(mine.status(), await mine.text()).toBe(200);
  const pass = (await mine.json()).result.data.json as { passId: string; version: number; active: boolean };
  expect(pass).toMatchObject({ version: 1, active: true });
  expect((await db.collection('passes').doc(pass.passId).get()).data()).toMatchObject({ uid, version: 1 });
  // The member's phone registers the key it signs with (the server never sees the private half).
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64url');
  const registered = await page.request.post('/api/trpc/pass.register', { headers, data: { json: { publicKey } } });
  expect(registered.status(), await registered.text()).toBe(200);
  expect((await db.collection('passes').doc(pass.passId).get()).data()).toMatchObject({ version: 2, publicKey });

  const deleted = await page.request.post('/api/trpc/profile.deleteAccount', { headers, data: { json: { confirmation: email } } });
  expect(deleted.status(), await deleted.text()).toBe(200);
  expect((await db.collection('users').doc(uid).get()).exists).toBe(false);
  expect((await db.collection('passes').doc(pass.passId).get()).exists).toBe(false);
  const audit = await db.collection('auditLog').where('action', '==', 'accountDeleted').get();
  expect(audit.docs.some((entry) => String(entry.data().targetUid).startsWith('deleted-'))).toBe(true);
  // The sign-in account is gone at the Auth emulator too.
  await expect(signUpAt(email, 'correct-horse-7')).resolves.toMatchObject({ localId: expect.any(String) });
});
