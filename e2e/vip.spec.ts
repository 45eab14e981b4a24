// The VIP area's own pages as members use them: the lounge (a picture opens full size and moves
// with the arrow keys and a swipe; a picture an admin adds appears without a reload) and the
// profile (a photo chosen, cropped, uploaded and shown in the header; name; language; deleting
// the account).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test, type Browser, type Page } from './support/test';
import { signInWithPassword, signUp, uniqueEmail } from './support/emulator';
import { demoAccount, openPhoneMenu, serverSession, signInThroughForm } from './support/accounts';
import { localized, MESSAGES, TEST_LOCALES } from './support/i18n';
import { phone, readingPause } from './support/installed-app';

// A member's or the door's journey: on a phone, with the service worker (the default) in control.
test.use(phone('iphone'));

const folder = mkdtempSync(join(tmpdir(), 'vip-e2e-'));

async function adminContext(browser: Browser, baseURL: string) {
  const context = await browser.newContext();
  const admin = demoAccount('admin');
  await serverSession(context, baseURL, admin.email, admin.password);
  return context;
}

for (const locale of TEST_LOCALES) {
  const m = MESSAGES[locale];

  test(`${locale}: the lounge opens a picture full size and moves with the arrow keys and a swipe`, async ({ page }) => {
    const member = demoAccount('user');
    await signInThroughForm(page, locale, member.email, member.password, '/vip/lounge');
    await expect(page.getByRole('heading', { level: 1, name: m.Pages.vipLounge.title })).toBeVisible();
    const pictures = page.locator('.lounge__grid button');
    await expect(pictures.first()).toBeVisible();
    // The member looks over the gallery before opening a picture.
    await readingPause(page);
    const count = await pictures.count();
    expect(count).toBeGreaterThanOrEqual(2);
    // Alt texts in the page's language.
    const sofas = { en: 'The lounge upstairs in soft amber light', de: 'Die Lounge oben in sanftem Bernsteinlicht' }[locale];
    await expect(page.locator(`.lounge__grid img[alt="${sofas}"]`)).toHaveCount(1);

    await pictures.first().click();
    const viewer = page.getByRole('dialog');
    // "Picture 2 of N": N may grow while the test runs (another test adds a lounge picture).
    const position = (at: number | 'last') =>
      new RegExp(`^${m.Lounge.position.replace('{position}', at === 'last' ? '(\\d+)' : String(at)).replace('{count}', at === 'last' ? '\\1' : '\\d+')}$`);
    await expect(viewer.getByRole('heading', { name: position(1) })).toBeVisible();
    const firstCaption = await viewer.locator('figcaption').textContent();
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByRole('heading', { name: position(2) })).toBeVisible();
    await expect(viewer.locator('figcaption')).not.toHaveText(firstCaption!);
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByRole('heading', { name: position(1) })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByRole('heading', { name: position('last') })).toBeVisible();

    // A swipe to the left moves on, as on a phone.
    const figure = viewer.locator('figure');
    const box = (await figure.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(viewer.getByRole('heading', { name: position(1) })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(pictures.first()).toBeFocused();
  });
}

test('a lounge picture an admin adds appears in the open lounge without a reload, and leaves it when removed', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const member = demoAccount('user');
  await signInThroughForm(page, 'en', member.email, member.password, '/vip/lounge');
  await expect(page.locator('.lounge__grid button').first()).toBeVisible();

  const admin = await adminContext(browser, baseURL!);
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin/images');
  const name = `lounge-live-${Date.now().toString(36)}.png`;
  const file = join(folder, name);
  await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8a5a2b' } }).png().toFile(file);
  await adminPage.locator('input[type=file]').setInputFiles(file);
  const card = adminPage.getByRole('listitem', { name });
  await expect(card).toHaveCount(1, { timeout: 30_000 });
  const alt = `Velvet corner ${Date.now().toString(36)}`;
  await card.getByLabel(MESSAGES.en.AdminImages.altEn).fill(alt);
  await card.getByLabel(MESSAGES.en.AdminImages.altDe).fill(`Samtecke ${alt}`);
  await card.getByRole('checkbox', { name: MESSAGES.en.AdminImages.tags.lounge }).check();
  await card.getByRole('button', { name: MESSAGES.en.AdminImages.save }).click();

  await expect(page.locator(`.lounge__grid img[alt="${alt}"]`)).toBeVisible({ timeout: 20_000 });

  await card.getByRole('button', { name: MESSAGES.en.AdminImages.delete }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: MESSAGES.en.AdminImages.delete }).click();
  await expect(page.locator(`.lounge__grid img[alt="${alt}"]`)).toHaveCount(0, { timeout: 20_000 });
  await admin.close();
});

/** A new account with staff access (the VIP area without a membership), signed in on `page`. */
async function newStaffAccount(page: Page, browser: Browser, baseURL: string, locale: 'en' | 'de') {
  const email = uniqueEmail(`profile-${locale}`);
  const { localId } = await signUp(email, 'correct-horse-7');
  await signInThroughForm(page, locale, email, 'correct-horse-7');
  const admin = await adminContext(browser, baseURL);
  const granted = await admin.request.post('/api/trpc/users.setRole', {
    data: { json: { uid: localId, role: 'scanner' } },
    headers: { 'content-type': 'application/json', origin: baseURL },
  });
  expect(granted.status()).toBe(200);
  await admin.close();
  return { email, uid: localId };
}

test('en: a photo is chosen, cropped and uploaded with progress, then shown in the header; the name changes; German is saved and shown', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const m = MESSAGES.en;
  const { uid } = await newStaffAccount(page, browser, baseURL!, 'en');
  await page.goto('/vip/profile');
  await expect(page.getByRole('heading', { level: 1, name: m.Pages.vipProfile.title })).toBeVisible();

  // A landscape phone photo with a GPS position in its EXIF block.
  const photo = join(folder, 'phone.jpg');
  await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#2d5bff' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 33/1 0/1' } })
    .toFile(photo);
  await page.locator('input[type=file]').setInputFiles(photo);
  const dialog = page.getByRole('dialog', { name: m.Profile.cropTitle });
  await expect(dialog).toBeVisible();
  // Keyboard: move the picture inside the circle, zoom with the slider.
  await dialog.getByLabel(m.Profile.cropArea).focus();
  await page.keyboard.press('ArrowRight');
  await dialog.getByLabel(m.Profile.zoom).fill('1.5');
  // Through the files port: a resumable upload to the app (tus), not a form post.
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/uploads')) uploads.push(request.method());
  });
  await dialog.getByRole('button', { name: m.Profile.usePhoto }).click();
  await expect(page.getByRole('status').filter({ hasText: m.Profile.photoSaved })).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toHaveCount(0);
  expect(uploads).toContain('POST');

  // Shown in the header and on the page, from the app's own avatar route.
  const headerPhoto = page.getByRole('banner').locator('img');
  await expect(headerPhoto).toHaveAttribute('src', new RegExp(`^/api/avatars/${uid}\\?v=`));
  const stored = await page.request.get((await headerPhoto.getAttribute('src'))!);
  expect(stored.headers()['content-type']).toBe('image/webp');
  const facts = await sharp(await stored.body()).metadata();
  expect(facts).toMatchObject({ format: 'webp', width: 512, height: 512 });
  expect(facts.exif).toBeUndefined();
  // Someone else's photo is nobody else's business.
  expect((await browser.newContext().then((other) => other.request.get(`${baseURL}/api/avatars/${uid}`))).status()).toBe(404);

  // The name: refused empty (nothing saved), then saved and greeted with.
  const nameField = page.getByLabel(m.Profile.nameLabel);
  await nameField.fill('');
  await page.getByRole('button', { name: m.Profile.saveName }).click();
  await expect(page.getByText(m.Forms.required)).toBeVisible();
  await nameField.fill('Velvet Tester');
  await page.getByRole('button', { name: m.Profile.saveName }).click();
  await expect(page.getByText(m.Profile.nameSaved)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('banner')).toContainText('Velvet Tester');

  // German: saved, and the site switches to it.
  await page.getByRole('radio', { name: 'Deutsch' }).check();
  await page.getByRole('button', { name: m.Profile.saveLanguage }).click();
  await page.waitForURL(/\/de\/vip\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.de.Pages.vipProfile.title })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Deutsch' })).toBeChecked();

  // Removed: the header has no photo and the route has nothing to serve.
  await page.getByRole('button', { name: MESSAGES.de.Profile.removePhoto }).click();
  await page.getByRole('dialog').getByRole('button', { name: MESSAGES.de.Profile.removePhoto }).click();
  await expect(page.getByText(MESSAGES.de.Profile.photoRemoved)).toBeVisible();
  await expect(page.getByRole('banner').locator('img')).toHaveCount(0);
});

for (const locale of TEST_LOCALES) {
  const m = MESSAGES[locale];

  test(`${locale}: delete my account asks for the address, then removes the account and signs out`, async ({ page, browser, baseURL }) => {
    test.setTimeout(60_000);
    const { email } = await newStaffAccount(page, browser, baseURL!, locale);
    await page.goto(localized(locale, '/vip/profile'));
    await page.getByRole('button', { name: m.Profile.deleteAccount }).click();
    const dialog = page.getByRole('dialog', { name: m.Profile.deleteTitle });
    const field = dialog.getByLabel(m.Profile.deleteTypeLabel.replace('{text}', email));
    await field.fill('not-my-address@example.org');
    await dialog.getByRole('button', { name: m.Profile.deleteConfirm }).click();
    // Refused by the server at the field (nothing deleted), and what was typed stays.
    await expect(dialog.getByText(m.Errors.reasons.deleteConfirmationMismatch)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveValue('not-my-address@example.org');
    await field.fill(email);
    await dialog.getByRole('button', { name: m.Profile.deleteConfirm }).click();
    await page.waitForURL((url) => url.pathname === localized(locale, '/'));
    await expect(page.getByRole('status').filter({ hasText: m.Home.accountDeleted })).toBeVisible();
    await openPhoneMenu(page, locale);
    await expect(page.getByRole('link', { name: m.Nav.signIn }).first()).toBeVisible();
    await expect(signInWithPassword(email, 'correct-horse-7')).rejects.toThrow(/EMAIL_NOT_FOUND|USER_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
  });
}

test('an account without a role is refused the profile, and may still delete itself there', async ({ page }) => {
  const m = MESSAGES.en;
  const email = uniqueEmail('leaving');
  await signUp(email, 'correct-horse-7');
  await signInThroughForm(page, 'en', email, 'correct-horse-7');
  expect((await page.goto('/vip/profile'))?.status()).toBe(403);
  await page.getByRole('button', { name: m.Profile.deleteAccount }).click();
  const dialog = page.getByRole('dialog', { name: m.Profile.deleteTitle });
  await dialog.getByLabel(m.Profile.deleteTypeLabel.replace('{text}', email)).fill(email);
  await dialog.getByRole('button', { name: m.Profile.deleteConfirm }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(signInWithPassword(email, 'correct-horse-7')).rejects.toThrow();
});
