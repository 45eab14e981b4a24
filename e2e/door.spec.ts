// The door as staff and members use it: the demo member's live pass, photographed and played to
// the scanner as Chromium's fake webcam, is admitted once and then "Already admitted", and the
// member's open pass says "Checked in at"; a hardware scanner (keyboard wedge) admits a member and
// the bar pours the allowance and then says "No drinks left", live on the member's bar page; an
// old code is "Expired code"; the pass keeps signing with the network cut.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test, watchedBrowser } from './support/test';
import { demoAccount, serverSession, signInThroughForm } from './support/accounts';
import { localized, MESSAGES } from './support/i18n';
import { fakeCameraVideo, newMember, OPEN_EVENT, openEvent, testPhone } from './support/door';
import { signUp, uniqueEmail } from './support/emulator';
import { phone, readingPause, untilControlled } from './support/installed-app';
import { CHROMIUM_ARGS } from '../playwright.config';
import { DEBIAN_CHROMIUM, findChromium } from './support/browser-path';

// A member's or the door's journey: on a phone, with the service worker (the default) in control.
test.use(phone('android'));

test('installed on a phone, the scanner reads the live pass by camera on its first visit after sign-in, after a reload and reopened from the home screen: admitted once; the member sees "Checked in at" without reloading', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const m = MESSAGES.en;
  // A member of their own, so a retry of this test starts from a member not yet admitted.
  const member = await newMember(browser, baseURL!, 'camera');
  const video = join(tmpdir(), `door-camera-${Date.now().toString(36)}.y4m`);

  // The door's phone: a browser whose camera films the pass (Chromium opens the file when the
  // camera starts, so it is written just before /scanner asks for the camera). The service worker
  // is allowed, as on every installed phone.
  const door = watchedBrowser(
    await chromium.launch({
      executablePath: findChromium() ?? DEBIAN_CHROMIUM,
      args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    }),
  );
  const context = await door.newContext({ ...phone('android'), baseURL, permissions: ['camera'] });
  const scanner = await context.newPage();
  const staff = demoAccount('scanner');
  await signInThroughForm(scanner, 'en', staff.email, staff.password);
  await untilControlled(scanner);

  // The member's phone shows the live pass; the picture of it is what the door's camera sees.
  const memberContext = await browser.newContext(phone('iphone'));
  const memberPage = await memberContext.newPage();
  await signInThroughForm(memberPage, 'en', member.email, member.password, '/vip/qr');
  const qr = memberPage.getByRole('img', { name: m.Pass.codeLabel });
  await expect(qr).toBeVisible();
  await fakeCameraVideo(await qr.screenshot(), video);

  // First visit to the scanner, the worker in control: at the bar, the pass is read ("Not checked in").
  await scanner.goto(`/scanner?event=${OPEN_EVENT}&mode=bar`);
  expect(await scanner.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const verdict = scanner.getByTestId('verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'notCheckedIn', { timeout: 30_000 });
  // Reloaded (the worker answers the page and the decoder's files now): read again.
  await scanner.reload();
  await expect(verdict).toHaveAttribute('data-verdict', 'notCheckedIn', { timeout: 30_000 });

  // Reopened from the home screen at the entrance: a new window of the installed app.
  await scanner.close();
  const entrance = await context.newPage();
  await entrance.goto(`/scanner?event=${OPEN_EVENT}&mode=entry`);
  expect(await entrance.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const entry = entrance.getByTestId('verdict');
  await expect(entry).toHaveAttribute('data-verdict', 'admitted', { timeout: 30_000 });
  await expect(entry.getByRole('heading', { name: m.Scanner.verdicts.admitted })).toBeVisible();
  // Door staff see a masked address where the member gave no name, never the address itself.
  await expect(entry).toContainText(`${member.email.slice(0, 2)}…@example.org`);
  await expect(entry).not.toContainText(member.email);
  // The camera keeps seeing the same pass: after the 3-second pause it is sent again.
  await expect(entry).toHaveAttribute('data-verdict', 'alreadyAdmitted', { timeout: 15_000 });
  await expect(entry).toContainText(m.Scanner.verdicts.alreadyAdmitted);
  await expect(memberPage.getByText(/^✓ Checked in at \d\d:\d\d$/)).toBeVisible({ timeout: 20_000 });
  await memberContext.close();
  await door.close();
});

test('de: a hardware scanner admits; the bar pours the allowance, then "Keine Getränke mehr", live on the bar page; old and foreign codes are refused', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const m = MESSAGES.de;
  const member = await newMember(browser, baseURL!, 'door-de');
  // The member's phone holds the pass (its key registered, as the pass page does).
  const memberPhone = await testPhone(browser, baseURL!, member);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInThroughForm(memberPage, 'de', member.email, member.password, '/vip/bar');
  await expect(memberPage.getByText(m.Bar.checkInFirst)).toBeVisible();

  const staff = demoAccount('scanner');
  await serverSession(page.context(), baseURL!, staff.email, staff.password);
  await page.goto(localized('de', `/scanner?event=${OPEN_EVENT}&mode=entry`));
  const verdict = page.getByTestId('verdict');
  const field = page.getByLabel(m.Scanner.keyboardLabel);
  const type = async (code: string) => {
    if (await verdict.count()) await verdict.getByRole('button', { name: m.Scanner.dismiss }).click();
    await field.fill(code);
    await field.press('Enter');
  };

  // Staff look at the door's screen (live figures, recent scans) before the first guest arrives.
  await readingPause(page);
  await type(await memberPhone.code());
  await expect(verdict).toHaveAttribute('data-verdict', 'admitted');
  await expect(verdict.getByRole('heading')).toHaveText(m.Scanner.verdicts.admitted);

  await verdict.getByRole('button', { name: m.Scanner.dismiss }).click();
  await page.getByRole('radio', { name: m.Scanner.modes.bar }).check();
  await expect(page).toHaveURL(/mode=bar/);
  // Three codes of three windows, all valid now: each pours once at the bar. Made early in a
  // window, so none of them ages out while the test types them.
  const intoWindow = Date.now() % 30_000;
  if (intoWindow > 15_000) await page.waitForTimeout(30_000 - intoWindow + 200);
  const [previous, current, next] = await Promise.all([memberPhone.code(-1), memberPhone.code(), memberPhone.code(1)]);
  await type(current);
  await expect(verdict).toHaveAttribute('data-verdict', 'drinkRedeemed');
  await expect(verdict).toContainText('Heute noch 1 Getränk.');
  await type(previous);
  await expect(verdict).toHaveAttribute('data-verdict', 'drinkRedeemed');
  await expect(verdict).toContainText('Heute keine Getränke mehr.');
  await type(next);
  await expect(verdict).toHaveAttribute('data-verdict', 'noDrinksLeft');
  await expect(verdict.getByRole('heading')).toHaveText(m.Scanner.verdicts.noDrinksLeft);
  await expect(memberPage.getByText('Keine Getränke mehr von 2')).toBeVisible({ timeout: 15_000 });

  // A code older than 90 seconds (a screenshot) and something that is no pass at all.
  await type(await memberPhone.code(-3));
  await expect(verdict).toHaveAttribute('data-verdict', 'expiredCode');
  await expect(verdict.getByRole('heading')).toHaveText(m.Scanner.verdicts.expiredCode);
  await type('NL1.AAAAAAAAAAAAAAAA.1.AAAAAAAAAAAAAAAA');
  await expect(verdict).toHaveAttribute('data-verdict', 'invalid');
  // The night's figures and latest scans follow.
  await verdict.getByRole('button', { name: m.Scanner.dismiss }).click();
  await expect(page.getByRole('list', { name: m.Scanner.recent }).getByRole('listitem').first()).toContainText(m.Scanner.verdicts.invalid);
  await memberContext.close();
});

test('en: without signal the door decides a scan itself from its list and uploads it when the signal is back; the setup still changes; a foreign ticket is "Invalid code"', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const m = MESSAGES.en;
  const member = await newMember(browser, baseURL!, 'door-offline');
  // The member's phone takes its pass once, as opening the pass page does.
  const memberPhone = await testPhone(browser, baseURL!, member);
  const staff = demoAccount('scanner');
  await serverSession(page.context(), baseURL!, staff.email, staff.password);
  // A bookmark of an event the door does not list says so instead of scanning for another unsaid.
  await page.goto('/scanner?event=no-such-event&mode=entry');
  await expect(page.getByRole('alert').filter({ hasText: m.Scanner.eventGone.split('“')[0]! })).toBeVisible();
  await page.goto(`/scanner?event=${OPEN_EVENT}&mode=entry`);
  const verdict = page.getByTestId('verdict');
  const status = page.locator('[data-online]');
  const field = page.getByLabel(m.Scanner.keyboardLabel);
  await expect(field).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: m.Scanner.eventGone.split('“')[0]! })).toHaveCount(0);
  // Online, with tonight's door list on this phone.
  await expect(status).toContainText(new RegExp(`^.${m.Scanner.status.online} · list from \\d\\d:\\d\\d$`));

  await page.context().setOffline(true);
  await expect(status).toContainText(/Offline since \d\d:\d\d · no scans waiting · list from/);
  await readingPause(page, 1_000);
  await field.fill(await memberPhone.code());
  await field.press('Enter');
  // Decided here at once (the browser knows it is offline), said so, and queued.
  await expect(verdict).toHaveAttribute('data-verdict', 'admitted');
  await expect(verdict.getByText(m.Scanner.decidedOffline)).toBeVisible();
  await expect(status).toContainText('1 scan waiting');
  // The verdict holds the focus; Escape puts it away.
  await expect(verdict.getByRole('button', { name: m.Scanner.dismiss })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(verdict).toHaveCount(0);
  // The door's setup changes in the page, without the server.
  await page.getByRole('radio', { name: m.Scanner.modes.bar }).check();
  await expect(page).toHaveURL(/mode=bar/);
  await page.getByRole('radio', { name: m.Scanner.modes.entry }).check();
  await expect(page).toHaveURL(/mode=entry/);
  await expect(field).toBeVisible();

  // Back online, the queue is uploaded by itself: the member is in, and the next scan says so.
  await page.context().setOffline(false);
  await expect(status).toContainText(new RegExp(`^.${m.Scanner.status.online} · list from`), { timeout: 20_000 });
  await field.fill(await memberPhone.code(-1));
  await field.press('Enter');
  await expect(verdict).toHaveAttribute('data-verdict', 'alreadyAdmitted');
  await expect(verdict).not.toHaveAttribute('data-offline', 'true');
  await expect(verdict.getByRole('button', { name: m.Scanner.dismiss })).toBeFocused();

  // A hardware scanner reading someone else's ticket, with the mode buttons focused: checked, and
  // refused, instead of leaving the last verdict up; its Enter changes nothing else.
  await page.keyboard.press('Escape');
  await page.getByRole('radio', { name: m.Scanner.modes.entry }).focus();
  await page.keyboard.type('HELLO-TICKET-123', { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(verdict).toHaveAttribute('data-verdict', 'invalid');
  await expect(page).toHaveURL(/mode=entry/);
});

test.describe('with the service worker', () => {
  test('the pass keeps showing new codes with the network cut, and reopens without signal', async ({ page, context, browser, baseURL }) => {
    test.setTimeout(75_000);
    const member = await newMember(browser, baseURL!, 'pass-offline');
    await signInThroughForm(page, 'en', member.email, member.password, '/vip/qr');
    const qr = page.getByRole('img', { name: MESSAGES.en.Pass.codeLabel });
    await expect(qr).toBeVisible();
    // Once the worker controls the page, a visit online keeps the pass's page for later.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    });
    await page.reload();
    await expect(qr).toBeVisible();
    const before = await qr.locator('path').getAttribute('d');
    await context.setOffline(true);
    // The next window's code is signed on the phone, without the server.
    await expect.poll(async () => qr.locator('path').getAttribute('d'), { timeout: 35_000 }).not.toBe(before);
    await expect(page.getByText(/New code in \d+ seconds?/)).toBeVisible();
    // Reopened at a door without signal: the page comes from the worker, the pass from this phone.
    await page.reload();
    await expect(qr).toBeVisible({ timeout: 15_000 });
    await context.setOffline(false);
  });

  test('de: a pass reached by a link inside the app reopens without signal too', async ({ page, context, browser, baseURL }) => {
    test.setTimeout(75_000);
    const m = MESSAGES.de;
    const member = await newMember(browser, baseURL!, 'pass-link');
    await signInThroughForm(page, 'de', member.email, member.password, '/vip');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    });
    // A client-side navigation: no page load the worker could keep.
    await page.getByRole('link', { name: new RegExp(m.VipHome.shortcuts.pass.title) }).click();
    await expect(page).toHaveURL(/\/de\/vip\/qr$/);
    const qr = page.getByRole('img', { name: m.Pass.codeLabel });
    await expect(qr).toBeVisible();
    await expect.poll(() => page.evaluate(async () => Boolean(await (await caches.open('offline-shells')).match(location.pathname)))).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(qr).toBeVisible({ timeout: 15_000 });
    await context.setOffline(false);
  });
});

test("admins see each event's admissions and drinks in the event list, and download them as CSV, in their language", async ({ page, browser, baseURL, request }) => {
  test.setTimeout(90_000);
  const m = MESSAGES.en;
  const member = await newMember(browser, baseURL!, 'door-list');
  // The member's phone takes its pass once (its key registered, as the pass page does).
  const memberPhone = await testPhone(browser, baseURL!, member);
  const admin = demoAccount('admin');
  await serverSession(page.context(), baseURL!, admin.email, admin.password);
  await page.goto(`/scanner?event=${OPEN_EVENT}&mode=entry`);
  const field = page.getByLabel(m.Scanner.keyboardLabel);
  await field.fill(await memberPhone.code());
  await field.press('Enter');
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'admitted');
  // The answer's own counts reach the door's figures at once.
  await expect(page.getByRole('region', { name: m.Scanner.tonight }).locator('dl')).toContainText(/[1-9]\d* of \d+/);

  await page.goto('/admin/events?filter=all');
  const row = page.getByRole('main').getByRole('listitem').filter({ hasText: "Members' Open House" });
  await expect(row).toContainText(/[1-9]\d* of \d+ admitted · \d+ drinks/);
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: `CSV: download the admissions and drinks of Members' Open House` }).click()]);
  expect(download.suggestedFilename()).toBe(`door-${OPEN_EVENT}.csv`);
  const csv = readFileSync(await download.path(), 'utf8');
  // A byte-order mark first, so spreadsheets read the names as UTF-8.
  expect(csv.split('\r\n')[0]).toBe('\uFEFFEntry,Time (UTC),Name,Email,Admitted as,Guest of / added by,People,Door,Read by,Drink no.,First door,First admitted (UTC)');
  const line = csv.split('\r\n').find((entry) => entry.includes(member.email));
  expect(line).toMatch(/^Admission,\d{4}-\d\d-\d\dT[\d:.]+Z,/);
  expect(line).toContain(',Hand scanner,');
  // A member's line: admitted as a member, nobody's guest, one person.
  expect(line).toContain(',Member,,1,');

  // From the German admin area, the same night in German, with the semicolons German spreadsheets expect.
  const de = MESSAGES.de;
  await page.goto('/de/admin/events?filter=all');
  const germanRow = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Offenes Haus für Mitglieder' });
  const [germanDownload] = await Promise.all([
    page.waitForEvent('download'),
    germanRow.getByRole('link', { name: de.AdminDoor.rowDownloadLabel.replace('{event}', 'Offenes Haus für Mitglieder') }).click(),
  ]);
  expect(germanDownload.suggestedFilename()).toBe(`einlass-${OPEN_EVENT}.csv`);
  const germanCsv = readFileSync(await germanDownload.path(), 'utf8');
  expect(germanCsv.split('\r\n')[0]).toBe('\uFEFFEintrag;Zeit (UTC);Name;E-Mail;Eingelassen als;Gast von / eingetragen von;Personen;Tür;Erfasst per;Getränk Nr.;Erste Tür;Zuerst eingelassen (UTC)');
  const germanLine = germanCsv.split('\r\n').find((entry) => entry.includes(member.email));
  expect(germanLine).toMatch(/^Einlass;/);
  expect(germanLine).toContain(';Handscanner;');

  // Signed out, the report says why in the language asked for, and gives nothing away.
  const anonymous = await request.get(`/api/door/${OPEN_EVENT}/report?locale=de`);
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.text()).toBe(de.AdminDoor.report.signIn);
});

test("de: an admin makes a new pass from a person's page; their history says who did it", async ({ page, browser, baseURL }) => {
  const m = MESSAGES.de;
  const member = await newMember(browser, baseURL!, 'door-renew');
  const admin = demoAccount('admin');
  await serverSession(page.context(), baseURL!, admin.email, admin.password);
  await page.goto(`/de/admin/users/${member.uid}`);
  const door = page.locator('section', { has: page.getByRole('heading', { name: m.AdminDoor.personHeading }) });
  await door.getByRole('button', { name: m.AdminDoor.rotate }).click();
  const dialog = page.getByRole('dialog', { name: m.AdminDoor.rotateTitle });
  await dialog.getByRole('button', { name: m.AdminDoor.rotate }).click();
  await expect(door.getByRole('status')).toContainText(m.AdminDoor.rotated);
  // The history on the same page shows it without a reload, with the admin's name.
  const history = page.locator('section', { has: page.getByRole('heading', { name: m.AdminUser.auditHeading }) });
  await expect(history.getByRole('listitem').first()).toContainText(m.AdminUser.audit.passRenewed.replace('{actor}', admin.displayName));
});

for (const locale of ['en', 'de'] as const) {
  test(`${locale}: door staff find a member whose phone died by e-mail, see a name and photo to check (never the address), and admit once; someone without a membership is not found`, async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const m = MESSAGES[locale];
    const member = await newMember(browser, baseURL!, `by-name-${locale}`);
    const stranger = uniqueEmail(`no-member-${locale}`);
    await signUp(stranger);
    const staff = demoAccount('scanner');
    await signInThroughForm(page, locale, staff.email, staff.password, `/scanner?event=${OPEN_EVENT}&mode=entry`);
    await untilControlled(page);
    const manual = page.getByRole('region', { name: m.Scanner.manualHeading });
    // The guest says the address they signed up with; staff read the screen before they search.
    await readingPause(page);
    const search = manual.getByRole('searchbox', { name: m.Scanner.searchLabel });
    await search.fill(stranger);
    await manual.getByRole('button', { name: m.Scanner.search, exact: true }).click();
    await expect(manual.getByText(m.Scanner.noHits)).toBeVisible();

    await search.fill(member.email);
    await manual.getByRole('button', { name: m.Scanner.search, exact: true }).click();
    const hit = manual.getByRole('listitem');
    // No name on the account: the address, masked, is what the door can check with the guest.
    const masked = `${member.email.slice(0, 2)}…@example.org`;
    await expect(hit).toHaveCount(1);
    await expect(hit).toContainText(masked);
    await expect(manual).not.toContainText(member.email);
    await expect(hit.getByRole('img', { name: m.Scanner.noPhoto })).toBeVisible();
    await hit.getByRole('button', { name: m.Scanner.admit }).click();
    const dialog = page.getByRole('dialog', { name: m.Scanner.admitTitle.replace('{name}', masked) });
    await dialog.getByRole('button', { name: m.Scanner.admit }).click();
    const verdict = page.getByTestId('verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'admitted');
    await verdict.getByRole('button', { name: m.Scanner.dismiss }).click();
    await expect(hit).toContainText(m.Scanner.alreadyIn);
    await expect(hit.getByRole('button', { name: m.Scanner.admit })).toBeDisabled();
  });
}

test('en: exit, then entry, is a re-entry: "Exit recorded", then "Welcome back", and who is inside goes 1, 0, 1 at the door and on /admin', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const m = MESSAGES.en;
  // An event of its own, so that no other test's guests change who is inside.
  const admin = await browser.newContext({ baseURL });
  const boss = demoAccount('admin');
  await serverSession(admin, baseURL!, boss.email, boss.password);
  const title = `Smoking break night ${Date.now().toString(36)}`;
  const event = await openEvent(admin.request, baseURL!, title, { capacity: 40 });
  const eventId = event.id;
  try {
    const member = await newMember(browser, baseURL!, 'break');
    const memberPhone = await testPhone(browser, baseURL!, member);
    const staff = demoAccount('scanner');
    await signInThroughForm(page, 'en', staff.email, staff.password, `/scanner?event=${eventId}&mode=entry`);
    await untilControlled(page);
    const inside = page.getByRole('region', { name: m.Scanner.tonight }).locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${m.Scanner.inside}$`) }) }).locator('dd');
    await expect(inside).toHaveText('0 of 40');
    await readingPause(page);
    const verdict = page.getByTestId('verdict');
    const field = page.getByLabel(m.Scanner.keyboardLabel);
    const scanAs = async (mode: 'entry' | 'exit', expected: string) => {
      if (await verdict.count()) await verdict.getByRole('button', { name: m.Scanner.dismiss }).click();
      // Staff tap the mode's button (a radio button drawn as its label; the chosen one wears a dot).
      const radio = page.getByRole('radio', { name: new RegExp(`${m.Scanner.modes[mode]}$`) });
      if (!(await radio.isChecked())) await radio.click();
      await expect(radio).toBeChecked();
      await expect(page).toHaveURL(new RegExp(`mode=${mode}`));
      await field.fill(await memberPhone.code());
      await field.press('Enter');
      await expect(verdict).toHaveAttribute('data-verdict', expected);
    };
    await scanAs('entry', 'admitted');
    await expect(inside).toHaveText('1 of 40');
    await scanAs('exit', 'exited');
    await expect(verdict.getByRole('heading')).toHaveText(m.Scanner.verdicts.exited);
    await expect(inside).toHaveText('0 of 40');
    await scanAs('exit', 'notInside');
    await scanAs('entry', 'welcomeBack');
    await expect(verdict.getByRole('heading')).toHaveText(m.Scanner.verdicts.welcomeBack);
    await expect(inside).toHaveText('1 of 40');

    // The admins' dashboard says the same, live.
    const dashboard = await admin.newPage();
    await dashboard.goto('/admin');
    const door = dashboard.getByRole('region', { name: m.AdminDoor.tonightHeading.replace('{event}', title) });
    await expect(door.locator('dl > div').filter({ has: dashboard.locator('dt', { hasText: new RegExp(`^${m.AdminDoor.inside}$`) }) }).locator('dd')).toHaveText('1 of 40');
    await expect(door.locator('dl > div').filter({ has: dashboard.locator('dt', { hasText: new RegExp(`^${m.AdminDoor.admitted}$`) }) }).locator('dd')).toHaveText('1');
  } finally {
    await event.unpublish();
    await admin.close();
  }
});
