// Memberships as people meet them: a signed-in person without a role asks at the VIP door, an
// admin approves on /admin/subscriptions, and the person's open page becomes the VIP home without
// signing out; the admin ends it and the VIP area is refused at the next request. An admin also
// gives a membership from a person's page, where the role picker offers no member role.
import { expect, test, type Browser } from './support/test';
import { signUp, uniqueEmail } from './support/emulator';
import { demoAccount, signInThroughForm } from './support/accounts';
import { localized, MESSAGES, TEST_LOCALES, type TestLocale } from './support/i18n';
import { phone } from './support/installed-app';

// A member's or the door's journey: on a phone, with the service worker (the default) in control.
test.use(phone('android'));

async function adminOn(browser: Browser, locale: TestLocale, path: string, search: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const admin = demoAccount('admin');
  await signInThroughForm(page, locale, admin.email, admin.password, path);
  await page.goto(localized(locale, `${path}?${search}`));
  return { context, page };
}

for (const locale of TEST_LOCALES) {
  const m = MESSAGES[locale];

  test(`${locale}: asked at the VIP door, approved by an admin, the open page becomes the VIP home; cancelled, it is refused`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail(`member-${locale}`);
    await signUp(email, 'correct-horse-7');
    await signInThroughForm(page, locale, email, 'correct-horse-7', '/vip');

    // The refusal offers a membership; the request keeps the note and shows as waiting.
    const offer = page.getByRole('region', { name: m.MembershipOffer.title });
    await offer.getByLabel(m.MembershipOffer.noteLabel).fill('Regular on Fridays');
    await offer.getByRole('button', { name: m.MembershipOffer.request }).click();
    await expect(offer.getByText(m.MembershipOffer.pendingBadge)).toBeVisible();
    await expect(offer.getByRole('button', { name: m.MembershipOffer.withdraw })).toBeVisible();

    // The admin finds the request among the requests and approves it.
    const admin = await adminOn(browser, locale, '/admin/subscriptions', 'filter=pending');
    // The list is there (and the page interactive) before searching.
    await expect(admin.page.getByRole('main').getByRole('listitem').first()).toBeVisible();
    await admin.page.getByLabel(m.AdminMemberships.searchLabel).fill(email);
    const row = admin.page.getByRole('main').getByRole('listitem').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Regular on Fridays');
    await row.getByRole('button', { name: m.AdminMemberships.approve }).click();
    const dialog = admin.page.getByRole('dialog');
    await expect(dialog.getByLabel(m.AdminMemberships.lastDayLabel)).not.toHaveValue('');
    await dialog.getByRole('button', { name: m.AdminMemberships.approveConfirm }).click();
    await expect(admin.page.locator('.alert--success')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The person's open page opens the VIP home by itself.
    await expect(page.getByRole('heading', { name: m.VipHome.membershipHeading })).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole('region', { name: m.VipHome.membershipHeading })).toContainText(m.VipHome.active);

    // Ended by the admin, with a reason: the next request to the VIP area is refused.
    await admin.page.getByRole('button', { name: m.Memberships.filters.active, exact: true }).click();
    await expect(admin.page).toHaveURL(/filter=active/);
    await admin.page.getByLabel(m.AdminMemberships.searchLabel).fill(email);
    const activeRow = admin.page.getByRole('main').getByRole('listitem').filter({ hasText: email });
    await activeRow.getByRole('button', { name: m.AdminMemberships.cancel }).click();
    // No reason: refused in the dialog, nothing changes.
    await admin.page.getByRole('dialog').getByRole('button', { name: m.AdminMemberships.cancelConfirm }).click();
    await expect(admin.page.getByRole('dialog').getByText(m.Forms.required)).toBeVisible();
    await admin.page.getByRole('dialog').getByLabel(m.AdminMemberships.reasonLabel).fill('Moved away');
    await admin.page.getByRole('dialog').getByRole('button', { name: m.AdminMemberships.cancelConfirm }).click();
    await expect(admin.page.getByRole('dialog')).toHaveCount(0);
    expect((await page.goto(localized(locale, '/vip')))?.status()).toBe(403);
    await expect(page.getByRole('region', { name: m.MembershipOffer.title })).toBeVisible();
    await admin.context.close();
  });

  test(`${locale}: on the person's page the admin finds no member role but gives a membership, and the person opens the VIP area`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail(`given-${locale}`);
    await signUp(email, 'correct-horse-7');
    await signInThroughForm(page, locale, email, 'correct-horse-7', '/vip');
    await expect(page.getByRole('region', { name: m.MembershipOffer.title })).toBeVisible();

    const admin = await adminOn(browser, locale, '/admin/users', `q=${encodeURIComponent(email)}`);
    await expect(admin.page.locator('tbody tr')).toHaveCount(1);
    await admin.page.locator('tbody tr').getByRole('link').click();
    await expect(admin.page.getByRole('heading', { level: 2, name: email })).toBeVisible();

    // Staff roles only: the member role comes with a membership.
    const picker = admin.page.getByLabel(m.AdminUser.roleLabel);
    await expect(picker.locator('option')).toHaveText([m.AdminUser.noStaffRole, m.Roles.admin, m.Roles.scanner]);
    await expect(picker.locator('option[value="user"]')).toHaveCount(0);
    await expect(admin.page.getByText(m.AdminUser.roleHelp)).toBeVisible();

    const memberships = admin.page.getByRole('region', { name: m.UserMemberships.heading });
    await expect(memberships).toContainText(m.UserMemberships.none);
    await memberships.getByRole('button', { name: m.UserMemberships.give }).click();
    const dialog = admin.page.getByRole('dialog', { name: m.AdminMemberships.giveTitle.replace('{name}', email) });
    await expect(dialog.getByLabel(m.AdminMemberships.lastDayLabel)).not.toHaveValue('');
    await dialog.getByRole('button', { name: m.AdminMemberships.giveConfirm }).click();
    await expect(dialog).toHaveCount(0);
    await expect(memberships.getByRole('status')).toContainText(m.AdminMemberships.approved.replace('{name}', email));

    // Visible on the page: the active membership with who gave it, the member role, no second offer.
    await expect(memberships).toContainText(m.Memberships.status.active);
    await expect(memberships).toContainText(m.UserMemberships.history.approved.replace('{actor}', demoAccount('admin').displayName));
    await expect(admin.page.locator('.badge', { hasText: m.Roles.user })).toBeVisible();
    await expect(memberships.getByRole('button', { name: m.UserMemberships.give })).toHaveCount(0);

    // The person's open page becomes the VIP home by itself.
    await expect(page.getByRole('heading', { name: m.VipHome.membershipHeading })).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole('region', { name: m.VipHome.membershipHeading })).toContainText(m.VipHome.active);
    expect((await page.goto(localized(locale, '/vip/qr')))?.status()).toBe(200);

    // The member role asked for directly is refused with its reason (the page shows that message).
    const refused = await admin.page.request.post('/api/trpc/users.setRole', {
      data: { json: { uid: new URL(admin.page.url()).pathname.split('/').pop(), role: 'user' } },
      headers: { 'content-type': 'application/json', origin: new URL(admin.page.url()).origin },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error.json.data.reason).toBe('memberRoleByMembership');
    await admin.context.close();
  });
}

test('a member may not decide on memberships; a request cannot be withdrawn by someone else', async ({ page, baseURL }) => {
  const member = demoAccount('user');
  await signInThroughForm(page, 'en', member.email, member.password, '/vip');
  const refused = await page.request.post('/api/trpc/memberships.approve', {
    data: { json: { id: 'anything', revision: 0 } },
    headers: { 'content-type': 'application/json', origin: baseURL! },
  });
  expect(refused.status()).toBe(403);
  const withdraw = await page.request.post('/api/trpc/memberships.withdraw', {
    data: { json: { id: 'not-mine' } },
    headers: { 'content-type': 'application/json', origin: baseURL! },
  });
  expect(withdraw.status()).toBe(404);
});
