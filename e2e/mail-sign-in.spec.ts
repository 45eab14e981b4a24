// The mails of signing in, as a person gets them in embedded mode (issue 44): each lands in the
// server's MailDev inbox, read here over its REST API as a mail program would show it, in the
// language the person used, and its link opens the app's own /confirm (never the emulator's page).
// On a phone with the service worker in control: a new account asks for a sign-in link and signs
// in with it; a new password account confirms its address from the mail and the membership offer
// stops asking for it; a forgotten password is chosen anew from the mail.
import { expect, test, type Page } from './support/test';
import { AUTH_EMULATOR, signInWithPassword, signUp, uniqueEmail } from './support/emulator';
import { linkIn, waitForMail, type ReceivedMail } from './support/maildev';
import { localized, MESSAGES, TEST_LOCALES, type TestLocale } from './support/i18n';
import { phone, readingPause, untilControlled } from './support/installed-app';

test.use(phone('android'));

const PASSWORD = 'correct-horse-7';

/** The person behind the page's session, as the server sees it (null when signed out). */
async function sessionPerson(page: Page): Promise<{ email: string; emailVerified: boolean } | null> {
  const answer = await page.request.get('/api/trpc/identity.me');
  return answer.ok() ? (await answer.json()).result.data.json : null;
}

/** Opens /login on the phone and waits for the service worker to control it, as on every visit after the first. */
async function openLogin(page: Page, locale: TestLocale) {
  await page.goto(localized(locale, '/login'));
  await untilControlled(page);
}

/** The mail's button link: the app's /confirm in the mail's language for `mode`, with a code, not the emulator's page. */
function appLinkIn(mail: ReceivedMail, action: string, locale: TestLocale, mode: string, baseURL: string): string {
  const link = linkIn(mail, action);
  const url = new URL(link);
  expect(url.origin).toBe(new URL(baseURL).origin);
  expect(url.pathname).toBe(localized(locale, '/confirm'));
  expect(url.searchParams.get('mode')).toBe(mode);
  expect(url.searchParams.get('lang')).toBe(locale);
  expect(url.searchParams.get('oobCode')).toBeTruthy();
  expect(link).not.toContain('/emulator/action');
  expect(url.port).not.toBe(AUTH_EMULATOR.split(':')[1]);
  // The HTML part's button leads to the same page.
  expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
  return link;
}

for (const locale of TEST_LOCALES) {
  const m = MESSAGES[locale];

  test(`${locale}: a new account asks for a sign-in link, reads it in MailDev and is signed in by it`, async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail(`mail-link-${locale}`);
    await signUp(email, PASSWORD);
    await openLogin(page, locale);

    await page.getByRole('button', { name: m.Auth.modes.link }).click();
    await page.getByLabel(m.Auth.email).fill(email);
    await page.getByRole('button', { name: m.Auth.submit.link }).click();
    await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
    expect(await sessionPerson(page)).toBeNull();

    const mail = await waitForMail(email, m.Mail.signInLink.subject);
    expect(mail.text).toContain(m.Mail.signInLink.heading);
    expect(mail.text).toContain(m.Mail.signInLink.body.replace('{email}', email));
    const link = appLinkIn(mail, m.Mail.signInLink.action, locale, 'signIn', baseURL!);
    // The person switches to their mail program and reads it.
    await readingPause(page);

    await page.goto(link);
    await page.waitForURL((url) => url.pathname === localized(locale, '/'));
    await expect.poll(() => sessionPerson(page)).toMatchObject({ email, emailVerified: true });
    expect(await page.evaluate(() => localStorage.getItem('emailForSignIn'))).toBeNull();
  });

  test(`${locale}: a new password account confirms its address from the mail, and the membership offer stops asking for it`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail(`mail-confirm-${locale}`);
    await openLogin(page, locale);
    await page.getByRole('button', { name: m.Auth.createAccount }).click();
    await page.getByLabel(m.Auth.displayName).fill(locale === 'de' ? 'Rosa Neu' : 'Rose New');
    await page.getByLabel(m.Auth.email).fill(email);
    await page.getByLabel(m.Auth.newPassword).fill(PASSWORD);
    await page.getByRole('button', { name: m.Auth.submit.register }).click();
    await page.waitForURL((url) => url.pathname === localized(locale, '/'));
    await expect.poll(() => sessionPerson(page)).toMatchObject({ email, emailVerified: false });
    // The mail sent at sign-up, in the language the account was made in.
    const mail = await waitForMail(email, m.Mail.confirmAddress.subject);
    expect(mail.text).toContain(m.Mail.confirmAddress.body.replace('{email}', email));
    const link = appLinkIn(mail, m.Mail.confirmAddress.action, locale, 'verifyEmail', baseURL!);

    // Asking for a membership before following it: the offer asks for the confirmed address.
    await page.goto(localized(locale, '/vip'));
    const offer = page.getByRole('region', { name: m.MembershipOffer.title });
    await offer.getByRole('button', { name: m.MembershipOffer.request }).click();
    await expect(offer.getByText(m.Errors.reasons.emailNotVerified)).toBeVisible();
    await readingPause(page);

    await page.goto(link);
    const confirmed = page.getByRole('status').filter({ hasText: m.Auth.confirm.address.confirmed.replace('{email}', email) });
    await expect(confirmed).toBeVisible();
    await expect(confirmed).toBeFocused();
    expect(await sessionPerson(page)).toMatchObject({ email, emailVerified: true });
    await readingPause(page);

    await page.getByRole('link', { name: m.Auth.confirm.address.toMembership }).click();
    await page.waitForURL((url) => url.pathname === localized(locale, '/vip'));
    await offer.getByRole('button', { name: m.MembershipOffer.request }).click();
    await expect(offer.getByText(m.MembershipOffer.pendingBadge)).toBeVisible();
    await expect(offer.getByText(m.Errors.reasons.emailNotVerified)).toHaveCount(0);

    // The same link again: spent, said so, with the way to a new one.
    await page.goto(link);
    await expect(page.getByRole('alert').filter({ hasText: m.Auth.confirm.address.unusable })).toBeFocused();
    await expect(page.getByRole('link', { name: m.Auth.confirm.address.toVip })).toBeVisible();
  });
}

test('de: a forgotten password is chosen anew from the mail, under the sign-up rules, and signs in with it', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const m = MESSAGES.de;
  const email = uniqueEmail('mail-reset');
  await signUp(email, PASSWORD);
  await openLogin(page, 'de');
  await page.getByLabel(m.Auth.email).fill(email);
  await page.getByRole('button', { name: m.Auth.forgotPassword }).click();
  await page.getByRole('button', { name: m.Auth.submit.reset }).click();
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();

  const mail = await waitForMail(email, m.Mail.passwordReset.subject);
  const link = appLinkIn(mail, m.Mail.passwordReset.action, 'de', 'resetPassword', baseURL!);
  await readingPause(page);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: m.Auth.confirm.password.heading })).toBeFocused();
  await expect(page.getByText(m.Auth.confirm.password.lead.replace('{email}', email))).toBeVisible();
  const field = page.getByLabel(m.Auth.confirm.password.label);
  await field.fill('kurz');
  await page.getByRole('button', { name: m.Auth.confirm.password.submit }).click();
  await expect(page.getByText(m.Forms.tooShort.replace('{min, number}', '6'))).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  const chosen = 'neues-passwort-42';
  await field.fill(chosen);
  await page.getByRole('button', { name: m.Auth.confirm.password.submit }).click();
  // Signed in with it, back where the person was going (the German home page: they came from /de/login).
  await page.waitForURL((url) => url.pathname === '/de');
  await expect.poll(() => sessionPerson(page)).toMatchObject({ email });
  await expect(signInWithPassword(email, chosen)).resolves.toMatchObject({ idToken: expect.any(String) });
  await expect(signInWithPassword(email, PASSWORD)).rejects.toThrow(/INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS/);

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: m.Auth.confirm.password.unusable.replace('{forgot}', m.Auth.forgotPassword) })).toBeFocused();
  await expect(page.getByRole('link', { name: m.Auth.confirm.password.requestNew })).toBeVisible();
});
