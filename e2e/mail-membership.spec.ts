// Mail reaches the people the app cannot (issue 44), read from the server's MailDev as a person's
// mailbox: on a phone with the service worker in control, a new account that signed in on an
// English page and then used the app in German asks for a membership and is told in German that
// the request arrived; an admin approves it on /admin/subscriptions, the approval arrives in German
// too, and its button opens /de/vip, the VIP home.
import { expect, test } from './support/test';
import { signUp, uniqueEmail } from './support/emulator';
import { demoAccount, signInThroughForm } from './support/accounts';
import { MESSAGES } from './support/i18n';
import { phone, readingPause, untilControlled } from './support/installed-app';
import { linkIn, waitForMail } from './support/maildev';

test.use(phone('android'));

test('de: a membership asked for on the German pages is confirmed and approved by mail in German, and the mail opens /de/vip', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const de = MESSAGES.de;
  const en = MESSAGES.en;
  const email = uniqueEmail('mail-de');
  await signUp(email, 'correct-horse-7');
  // Signed up on an English page: the account starts in English.
  await signInThroughForm(page, 'en', email, 'correct-horse-7', '/vip');
  await untilControlled(page);

  // Then the person uses the app in German: that is the language their mail comes in.
  await page.goto('/de/vip');
  const offer = page.getByRole('region', { name: de.MembershipOffer.title });
  await expect(offer).toBeVisible();
  await readingPause(page);
  await offer.getByLabel(de.MembershipOffer.noteLabel).fill('Freitags immer da');
  await offer.getByRole('button', { name: de.MembershipOffer.request }).click();
  await expect(offer.getByText(de.MembershipOffer.pendingBadge)).toBeVisible();

  const received = await waitForMail(email, de.Mail.membershipRequested.subject);
  expect(received.text).toContain(`${de.Mail.membershipRequested.action}: ${baseURL}/de/vip`);
  expect(received.html).toContain('<html lang="de">');
  expect(received.text).toContain(de.Footer.address);

  // An admin approves it on /admin/subscriptions (in English, their language).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const { email: adminEmail, password } = demoAccount('admin');
  await signInThroughForm(admin, 'en', adminEmail, password, '/admin/subscriptions');
  await admin.goto('/admin/subscriptions?filter=pending');
  await expect(admin.getByRole('main').getByRole('listitem').first()).toBeVisible();
  await admin.getByLabel(en.AdminMemberships.searchLabel).fill(email);
  const row = admin.getByRole('main').getByRole('listitem').filter({ hasText: email });
  await expect(row).toContainText('Freitags immer da');
  await readingPause(admin);
  await row.getByRole('button', { name: en.AdminMemberships.approve }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('button', { name: en.AdminMemberships.approveConfirm }).click();
  await expect(dialog).toHaveCount(0);
  await adminContext.close();

  // The approval, in German, with its last day and a button to the VIP area.
  const approval = await waitForMail(email, de.Mail.membershipApproved.subject);
  expect(approval.text).toMatch(/Deine Mitgliedschaft läuft bis \d{1,2}\. [A-ZÄÖÜ][a-zä]+ \d{4}\./);
  const link = linkIn(approval, de.Mail.membershipApproved.action);
  expect(link).toBe(`${baseURL}/de/vip`);
  expect(approval.html).toContain(`href="${link}"`);
  expect(approval.headers['message-id']).toMatch(/^<membership-approved-[^>]+-1\.mail@localhost>$/);

  // The person reads it on the phone and follows the button: the VIP home, in German.
  await readingPause(page);
  const opened = await page.goto(link);
  expect(opened?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe('/de/vip');
  await expect(page.getByRole('heading', { name: de.VipHome.membershipHeading })).toBeVisible();
  await expect(page.getByRole('region', { name: de.VipHome.membershipHeading })).toContainText(de.VipHome.active);
  await readingPause(page);
});
