// Two steps that ask the person to prove something first, as they meet them on a phone: deleting
// the account needs a sign-in of the last 5 minutes (the dialog signs in again and comes back to
// finish), and asking for a membership needs a confirmed address (the offer sends the link again
// and goes on once it has been followed).
import { expect, test } from './support/test';
import { applyCode, oobCodes, signInWithPassword, signUp, uniqueEmail } from './support/emulator';
import { signInThroughForm } from './support/accounts';
import { MESSAGES } from './support/i18n';
import { phone } from './support/installed-app';

// A member's journey: on a phone, with the service worker (the default) in control.
test.use(phone('iphone'));

const PASSWORD = 'correct-horse-7';
const m = MESSAGES.en;
/** How recent a sign-in deleting asks for (the server's RECENT_SIGN_IN_SECONDS, which playwright.config.ts sets), and a margin. */
const SIGN_IN_GROWS_OLD_MS = Number(process.env.E2E_RECENT_SIGN_IN_SECONDS ?? 300) * 1000 + 10_000;

test('deleting the account after the sign-in grew old: refused with a way on, signed in again, back in the dialog, deleted', async ({ page }) => {
  test.setTimeout(SIGN_IN_GROWS_OLD_MS + 120_000);
  const email = uniqueEmail('reauth');
  await signUp(email, PASSWORD);
  await signInThroughForm(page, 'en', email, PASSWORD);
  await page.waitForTimeout(SIGN_IN_GROWS_OLD_MS);

  // An account without a role meets the refusal at /vip/profile, which offers the deletion.
  expect((await page.goto('/vip/profile'))?.status()).toBe(403);
  await page.getByRole('button', { name: m.Profile.deleteAccount }).click();
  const dialog = page.getByRole('dialog', { name: m.Profile.deleteTitle });
  const confirmation = m.Profile.deleteTypeLabel.replace('{text}', email);
  await dialog.getByLabel(confirmation).fill(email);
  await dialog.getByRole('button', { name: m.Profile.deleteConfirm }).click();
  await expect(dialog.getByText(m.Errors.reasons.recentSignInRequired)).toBeVisible();
  await expect(dialog.getByRole('button', { name: m.Profile.deleteConfirm })).toBeDisabled();
  // The account is still there.
  await expect(signInWithPassword(email, PASSWORD)).resolves.toMatchObject({ idToken: expect.any(String) });

  await dialog.getByRole('button', { name: m.Profile.deleteSignInAgain }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByLabel(m.Auth.email).fill(email);
  await page.getByLabel(m.Auth.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: m.Auth.submit.signIn, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/vip/profile');

  const again = page.getByRole('dialog', { name: m.Profile.deleteTitle });
  await expect(again).toBeVisible();
  await again.getByLabel(confirmation).fill(email);
  await again.getByRole('button', { name: m.Profile.deleteConfirm }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(signInWithPassword(email, PASSWORD)).rejects.toThrow();
});

test('asking for a membership from an address not confirmed: the link is sent again, followed, and the request goes through', async ({ page }) => {
  const email = uniqueEmail('unconfirmed');
  await signUp(email, PASSWORD, { confirmed: false });
  await signInThroughForm(page, 'en', email, PASSWORD, '/vip');

  const offer = page.getByRole('region', { name: m.MembershipOffer.title });
  await offer.getByRole('button', { name: m.MembershipOffer.request }).click();
  await expect(offer.getByText(m.Errors.reasons.emailNotVerified)).toBeVisible();
  await expect(offer.getByRole('button', { name: m.MembershipOffer.request })).toBeDisabled();

  // Not followed yet: said so, nothing asked.
  await offer.getByRole('button', { name: m.MembershipOffer.confirmDone }).click();
  await expect(offer.getByText(m.MembershipOffer.confirmNotYet)).toBeVisible();

  await offer.getByRole('button', { name: m.MembershipOffer.confirmSendAgain }).click();
  await expect(offer.getByText(m.MembershipOffer.confirmSent)).toBeVisible();
  await expect.poll(async () => (await oobCodes(email)).filter((code) => code.requestType === 'VERIFY_EMAIL').length).toBe(1);
  const [link] = (await oobCodes(email)).filter((code) => code.requestType === 'VERIFY_EMAIL');
  // The person opens the link from their mail.
  await applyCode(link!.oobCode);

  await offer.getByRole('button', { name: m.MembershipOffer.confirmDone }).click();
  await expect(offer.getByText(m.MembershipOffer.pendingBadge)).toBeVisible();
  await expect(offer.getByRole('button', { name: m.MembershipOffer.withdraw })).toBeVisible();
});
