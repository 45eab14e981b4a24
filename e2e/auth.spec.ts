// Every sign-in method against the Auth emulator, as a person uses them, in both languages.
import { expect, test } from './support/test';
import { oobCodes, signUp, uniqueEmail } from './support/emulator';
import { demoAccount, signInThroughForm } from './support/accounts';
import { localized, MESSAGES, TEST_LOCALES } from './support/i18n';

/** The sign-in link the emulator "sent" to an address. */
async function signInLink(email: string): Promise<string> {
  await expect.poll(async () => (await oobCodes(email)).some((code) => code.requestType === 'EMAIL_SIGNIN')).toBe(true);
  return (await oobCodes(email)).find((code) => code.requestType === 'EMAIL_SIGNIN')!.oobLink;
}

for (const locale of TEST_LOCALES) {
  const m = MESSAGES[locale];

  test(`password sign-in in ${locale}: a wrong password is explained, the right one returns to the page that asked`, async ({ page }) => {
    const member = demoAccount('user');
    await page.goto(localized(locale, '/vip/bar'));
    await expect(page).toHaveURL(new RegExp(`${localized(locale, '/login')}\\?next=`));
    await page.getByRole('button', { name: m.Auth.submit.signIn, exact: true }).click();
    await expect(page.getByText(m.Forms.required)).toHaveCount(2);
    await page.getByLabel(m.Auth.email).fill(member.email);
    await page.getByLabel(m.Auth.password, { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: m.Auth.submit.signIn, exact: true }).click();
    await expect(page.locator('.alert--error')).toHaveText(new RegExp(m.Auth.errors.wrongCredentials.slice(0, 30)));
    // What was typed is kept.
    await expect(page.getByLabel(m.Auth.email)).toHaveValue(member.email);
    await page.getByLabel(m.Auth.password, { exact: true }).fill(member.password);
    await page.getByRole('button', { name: m.Auth.submit.signIn, exact: true }).click();
    await page.waitForURL((url) => url.pathname === localized(locale, '/vip/bar'));
    await expect(page.locator('h1')).toHaveText(m.Pages.vipBar.title);
    await expect(page.getByRole('navigation', { name: m.Nav.primary }).first()).toBeAttached();
  });
}

test('creating an account signs in with the name given, without a role', async ({ page }) => {
  const m = MESSAGES.de;
  const email = uniqueEmail('register');
  await page.goto('/de/login');
  await page.getByRole('button', { name: m.Auth.createAccount }).click();
  await expect(page.getByRole('heading', { name: m.Auth.headings.register })).toBeFocused();
  await page.getByLabel(m.Auth.displayName).fill('Rosa Neu');
  await page.getByLabel(m.Auth.email).fill(email);
  await page.getByLabel(m.Auth.newPassword).fill('kurz');
  await page.getByRole('button', { name: m.Auth.submit.register }).click();
  await expect(page.getByText('Mindestens 6 Zeichen verwenden')).toBeVisible();
  await page.getByLabel(m.Auth.newPassword).fill('lang-genug-42');
  await page.getByRole('button', { name: m.Auth.submit.register }).click();
  await page.waitForURL((url) => url.pathname === '/de');
  await expect(page.getByRole('button', { name: m.Nav.signOut }).first()).toBeAttached();
  // Signed in, no role: the member area answers 403.
  const response = await page.goto('/de/vip');
  expect(response?.status()).toBe(403);
});

test('an existing address cannot be registered again', async ({ page }) => {
  const m = MESSAGES.en;
  const email = uniqueEmail('twice');
  await signUp(email);
  await page.goto('/login');
  await page.getByRole('button', { name: m.Auth.createAccount }).click();
  await page.getByLabel(m.Auth.displayName).fill('Twice');
  await page.getByLabel(m.Auth.email).fill(email);
  await page.getByLabel(m.Auth.newPassword).fill('long-enough-1');
  await page.getByRole('button', { name: m.Auth.submit.register }).click();
  await expect(page.locator('.alert--error')).toHaveText(new RegExp(m.Auth.errors.emailInUse.slice(0, 30)));
});

test('password reset sends the mail and says so', async ({ page }) => {
  const m = MESSAGES.en;
  const email = uniqueEmail('reset');
  await signUp(email);
  await page.goto('/login');
  await page.getByLabel(m.Auth.email).fill(email);
  await page.getByRole('button', { name: m.Auth.forgotPassword }).click();
  // The address typed before switching is kept.
  await expect(page.getByLabel(m.Auth.email)).toHaveValue(email);
  await page.getByRole('button', { name: m.Auth.submit.reset }).click();
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
  await expect.poll(async () => (await oobCodes(email)).filter((code) => code.requestType === 'PASSWORD_RESET').length).toBe(1);
});

test('e-mail link end to end: the address is stored, the link signs in and the address is removed', async ({ page }) => {
  const m = MESSAGES.de;
  const email = uniqueEmail('link');
  await page.goto(`/de/login?next=${encodeURIComponent('/de/events')}`);
  await page.getByRole('button', { name: m.Auth.modes.link }).click();
  await page.getByLabel(m.Auth.email).fill(email);
  await page.getByRole('button', { name: m.Auth.submit.link }).click();
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('emailForSignIn'))).toBe(email);

  const link = await signInLink(email);
  const continueUrl = new URL(new URL(link).searchParams.get('continueUrl')!);
  expect(continueUrl.pathname).toBe('/de/confirm');
  // The emulator's link points at itself; the app receives the same parameters at /confirm.
  await page.goto(`${continueUrl.pathname}${new URL(link).search}`);
  await page.waitForURL((url) => url.pathname === '/de/events');
  expect(await page.evaluate(() => localStorage.getItem('emailForSignIn'))).toBeNull();
  await expect(page.getByRole('button', { name: m.Nav.signOut }).first()).toBeAttached();
});

test('e-mail link on another device asks for the address, and requires one', async ({ page, browser }) => {
  const m = MESSAGES.en;
  const email = uniqueEmail('device');
  await page.goto('/login');
  await page.getByRole('button', { name: m.Auth.modes.link }).click();
  await page.getByLabel(m.Auth.email).fill(email);
  await page.getByRole('button', { name: m.Auth.submit.link }).click();
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
  const link = new URL(await signInLink(email));

  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto(`/confirm${link.search}`);
  await expect(phone.getByRole('heading', { name: m.Auth.confirm.prompt })).toBeVisible();
  await phone.getByRole('button', { name: m.Auth.confirm.submit }).click();
  await expect(phone.locator('.alert--error')).toHaveText(/Email is required/);
  await phone.getByLabel(m.Auth.email).fill(email);
  await phone.getByRole('button', { name: m.Auth.confirm.submit }).click();
  await phone.waitForURL((url) => url.pathname === '/');
  await expect(phone.getByRole('button', { name: m.Nav.signOut }).first()).toBeAttached();
  await other.close();
});

test("a confirm URL that is not a sign-in link says 'Invalid sign-in link'", async ({ page }) => {
  await page.goto('/confirm');
  await expect(page.locator('.alert--error')).toHaveText(/Invalid sign-in link/);
  await page.goto('/de/confirm?mode=signIn');
  await expect(page.locator('.alert--error')).toHaveText(new RegExp(MESSAGES.de.Auth.errors.invalidLink));
});

test('Google sign-in through the emulator credential starts a session', async ({ page }) => {
  const m = MESSAGES.en;
  await page.goto('/login');
  await expect(page.getByRole('button', { name: m.Auth.google })).toBeVisible();
  const email = uniqueEmail('google');
  await page.waitForFunction(() => '__emulatorGoogleSignIn' in window);
  const uid = await page.evaluate(
    (profile) => (window as unknown as { __emulatorGoogleSignIn: (p: object) => Promise<string> }).__emulatorGoogleSignIn(profile),
    { sub: `google-${Date.now()}`, email, name: 'Gina Google' },
  );
  await expect(page.getByRole('button', { name: m.Nav.signOut }).first()).toBeAttached();
  await expect
    .poll(async () => (await page.request.get('/api/trpc/identity.me')).status())
    .toBe(200);
  const me = await (await page.request.get('/api/trpc/identity.me')).json();
  expect(me.result.data.json).toMatchObject({ uid, email, displayName: 'Gina Google' });
});

test('signing out ends the server session and leaves a members-only page', async ({ page }) => {
  const m = MESSAGES.en;
  const member = demoAccount('user');
  await signInThroughForm(page, 'en', member.email, member.password, '/vip');
  await page.getByRole('button', { name: m.Nav.signOut }).first().click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: m.Nav.signIn }).first()).toBeAttached();
  expect((await page.request.get('/api/trpc/identity.me')).status()).toBe(401);
  await page.goto('/vip');
  await expect(page).toHaveURL(/\/login\?next=%2Fvip$/);
});
