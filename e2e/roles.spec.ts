// Roles as they reach people: an admin's change applies in the other person's open browser
// without signing out; a disabled account is refused at its next request; admins manage users.
import { expect, test, type Browser } from './support/test';
import { signUp, uniqueEmail } from './support/emulator';
import { demoAccount, signInThroughForm } from './support/accounts';
import { MESSAGES } from './support/i18n';

const m = MESSAGES.en;

async function adminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const admin = demoAccount('admin');
  await signInThroughForm(page, 'en', admin.email, admin.password, '/admin/users');
  return { context, page };
}

async function openUser(page: import('@playwright/test').Page, email: string) {
  await page.getByLabel(m.AdminUsers.searchLabel).fill(email);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.locator('tbody tr').getByRole('link').click();
  // The person's own heading (the page also has sections: memberships, the door).
  await expect(page.getByRole('heading', { level: 2, name: email })).toBeVisible();
}

test('a role given by an admin reaches the member’s open browser without signing out', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('promoted');
  await signUp(email, 'promoted-pass-1');
  await signInThroughForm(page, 'en', email, 'promoted-pass-1', '/');
  const nav = page.getByRole('navigation', { name: m.Nav.primary }).first();
  await expect(nav.getByRole('link', { name: m.Nav.vip })).toHaveCount(0);
  expect((await page.goto('/vip'))?.status()).toBe(403);

  const admin = await adminPage(browser);
  await openUser(admin.page, email);
  await admin.page.getByLabel(m.AdminUser.roleLabel).selectOption('scanner');
  await admin.page.getByRole('button', { name: m.AdminUser.saveRole }).click();
  await expect(admin.page.getByRole('status').filter({ hasText: 'Role changed to Door staff' })).toBeVisible();

  // The member's page learns of it on its own (role refresh), and the server lets them in.
  await expect(nav.getByRole('link', { name: m.Nav.scanner })).toBeVisible({ timeout: 30_000 });
  await nav.getByRole('link', { name: m.Nav.scanner }).click();
  await expect(page.locator('h1')).toHaveText(m.Pages.scanner.title);

  // A downgrade applies on the server at the next request.
  await admin.page.getByLabel(m.AdminUser.roleLabel).selectOption('none');
  await admin.page.getByRole('button', { name: m.AdminUser.saveRole }).click();
  await expect(admin.page.getByRole('listitem').filter({ hasText: 'from Door staff to No role' })).toBeVisible();
  expect((await page.goto('/scanner'))?.status()).toBe(403);
  await admin.context.close();
});

test('a disabled account is refused at its next request, and an admin cannot disable themselves', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('disabled');
  await signUp(email, 'disabled-pass-1');
  await signInThroughForm(page, 'en', email, 'disabled-pass-1', '/');
  expect((await page.request.get('/api/trpc/identity.me')).status()).toBe(200);

  const admin = await adminPage(browser);
  await openUser(admin.page, email);
  await admin.page.getByRole('button', { name: m.AdminUser.disable }).click();
  const dialog = admin.page.getByRole('dialog');
  await expect(dialog).toContainText(m.AdminUser.disableText);
  await dialog.getByRole('button', { name: m.AdminUser.disable }).click();
  await expect(admin.page.getByRole('status').filter({ hasText: m.AdminUser.disabledDone })).toBeVisible();
  await expect(admin.page.locator('.badge', { hasText: m.AdminUsers.status.disabled })).toBeVisible();
  await expect(admin.page.getByRole('button', { name: m.AdminUser.enable })).toBeVisible();

  expect((await page.request.get('/api/trpc/identity.me')).status()).toBe(401);
  await page.goto('/vip');
  await expect(page).toHaveURL(/\/login\?next=%2Fvip$/);

  // Their own account: no role change or disabling offered, and the API refuses it too.
  await admin.page.goto('/admin/users/demo-admin');
  await expect(admin.page.getByText(m.AdminUser.ownRoleNote)).toBeVisible();
  await expect(admin.page.getByRole('button', { name: m.AdminUser.disable })).toHaveCount(0);
  const refused = await admin.page.request.post('/api/trpc/users.setDisabled', {
    data: { json: { uid: 'demo-admin', disabled: true } },
    headers: { 'content-type': 'application/json', origin: new URL(admin.page.url()).origin },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.json.data.reason).toBe('selfDisable');
  await admin.context.close();
});

test('admins search, sort and page through users; members cannot list them', async ({ page, browser }) => {
  const admin = await adminPage(browser);
  const rows = admin.page.locator('tbody tr');
  await expect(rows).toHaveCount(25);
  // Oldest first: other tests add people at the end, so these pages stay put.
  await admin.page.getByLabel(m.AdminUsers.directionLabel).selectOption('asc');
  await expect(rows.first()).toContainText('Alex Admin');
  await admin.page.getByRole('button', { name: m.Lists.next }).click();
  await expect(admin.page.getByText('Page 2', { exact: true })).toBeVisible();
  await expect(rows.first()).not.toContainText('Alex Admin');
  await expect(admin.page).toHaveURL(/dir=asc.*after=|after=.*dir=asc/);
  // The page is in the URL: a reload shows the same page.
  const secondPage = (await rows.first().textContent()) ?? '';
  await admin.page.reload();
  await expect(rows.first()).toHaveText(secondPage);
  await admin.page.getByRole('button', { name: m.Lists.previous }).click();
  await expect(rows.first()).toContainText('Alex Admin');
  await admin.page.getByLabel(m.AdminUsers.searchLabel).fill('hansen');
  await expect(rows.first()).toContainText('Hansen');
  expect(await rows.allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('Hansen')]));
  await admin.page.getByLabel(m.AdminUsers.searchLabel).fill('nobody-like-this');
  await expect(admin.page.getByText(/No one matches/)).toBeVisible();
  await admin.context.close();

  const member = demoAccount('user');
  await signInThroughForm(page, 'en', member.email, member.password, '/');
  const listed = await page.request.get(`/api/trpc/users.list?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`);
  expect(listed.status()).toBe(403);
});
