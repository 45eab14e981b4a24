// The door without signal (decision 043), on phones with the service worker in control: two doors
// lose the server and both admit the same live pass from their lists ("Admitted · Decided
// offline"); back online their queues empty and the admins see one admission and one conflict
// naming both doors. A queued scan survives a reload without signal; the bar pours nothing without
// an answer. A pass moved to a new phone stops working on the old one, online and, after the next
// list, offline.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test, type Browser, type BrowserContext, type Page } from './support/test';
import { signInThroughForm } from './support/accounts';
import { doorPhone, eventWithOpenDoor, figuresOf, newMember, scanCode, testPhone, reopenForNewerList } from './support/door';
import { MESSAGES } from './support/i18n';
import { phone, readingPause } from './support/installed-app';

/**
 * The server stops answering this phone until `restore`: each request to the API waits unanswered
 * until the connection is dropped 6 s later (as a proxy in front of a stalled server drops it), or
 * until the server is back. A request the page gives up on meanwhile is not left held: Playwright
 * keeps a routed request open until its handler settles, and Chromium sends at most six at once to
 * one host, so requests held for ever would starve the page once the server is back.
 */
async function loseServer(context: BrowserContext): Promise<() => Promise<void>> {
  let restore!: () => void;
  const back = new Promise<void>((resolve) => (restore = resolve));
  await context.route('**/api/**', async (route) => {
    await Promise.race([back, new Promise((resolve) => setTimeout(resolve, 6_000))]);
    await route.abort('timedout').catch(() => undefined);
  });
  return async () => {
    restore();
    await context.unrouteAll({ behavior: 'wait' });
  };
}

/** The member chooses a profile photo on their phone, as the door's face check needs. */
async function givePhoto(browser: Browser, baseURL: string, member: { email: string; password: string }) {
  const m = MESSAGES.en;
  const context = await browser.newContext({ ...phone('android'), baseURL });
  const page = await context.newPage();
  await signInThroughForm(page, 'en', member.email, member.password, '/vip/profile');
  const photo = join(tmpdir(), `door-face-${Date.now().toString(36)}.jpg`);
  await sharp({ create: { width: 600, height: 600, channels: 3, background: '#c0392b' } }).jpeg().toFile(photo);
  await page.locator('input[type=file]').setInputFiles(photo);
  await page.getByRole('dialog', { name: m.Profile.cropTitle }).getByRole('button', { name: m.Profile.usePhoto }).click();
  await expect(page.getByRole('status').filter({ hasText: m.Profile.photoSaved })).toBeVisible({ timeout: 30_000 });
  await context.close();
}

/** How many members' photos the door phone keeps for the face check without signal. */
function keptPhotos(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const request = indexedDB.open('venue-door');
        request.onsuccess = () => {
          const count = request.result.transaction('photos').objectStore('photos').count();
          count.onsuccess = () => {
            resolve(count.result);
            request.result.close();
          };
        };
        request.onerror = () => resolve(0);
      }),
  );
}



test('en: two doors lose the server and admit the same pass from their lists; back online, the event shows one admission and one conflict naming both doors', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const m = MESSAGES.en;
  const title = `Offline doors ${Date.now().toString(36)}`;
  const { adminContext, event } = await eventWithOpenDoor(browser, baseURL!, title);
  const member = await newMember(browser, baseURL!, 'two-doors');
  const memberPhone = await testPhone(browser, baseURL!, member);
  await givePhoto(browser, baseURL!, member);

  const front = await doorPhone(browser, baseURL!, 'scanner', event.id, 'Front door');
  const side = await doorPhone(browser, baseURL!, 'admin', event.id, 'Side door');
  // Each door keeps the members' photos with its list.
  for (const door of [front, side]) await expect.poll(() => keptPhotos(door.page)).toBeGreaterThan(0);
  await readingPause(front.page);
  const restoreFront = await loseServer(front.context);
  const restoreSide = await loseServer(side.context);

  // The same live pass at both doors: each waits 3 s for the server, then decides itself.
  const code = await memberPhone.code();
  for (const door of [front, side]) {
    await scanCode(door.page, door.field, code);
    await expect(door.page.getByText(m.Scanner.checking)).toBeVisible();
    await expect(door.verdict).toHaveAttribute('data-verdict', 'admitted', { timeout: 8_000 });
    await expect(door.verdict.getByText(m.Scanner.decidedOffline)).toBeVisible();
    await expect(door.status).toContainText(/Offline since \d\d:\d\d · 1 scan waiting · list from \d\d:\d\d/);
    // The face to check, from the photo this phone kept (no server to ask).
    const face = door.verdict.getByRole('img', { name: new RegExp(`^${m.Scanner.photoOf.replace('{name}', '').trim()}`) });
    await expect(face).toHaveAttribute('src', /^blob:/);
    expect(await face.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).toBeGreaterThan(0);
  }
  // The same pass again at the front door: this phone knows it let them in.
  await front.page.keyboard.press('Escape');
  await scanCode(front.page, front.field, await memberPhone.code(1));
  await expect(front.verdict).toHaveAttribute('data-verdict', 'alreadyAdmitted');
  await expect(front.verdict).toContainText('Front door');

  // The server answers again: both queues are uploaded by themselves (every 10 s while waiting).
  await restoreFront();
  await restoreSide();
  for (const door of [front, side]) await expect(door.status).toContainText(/^.Online · list from/, { timeout: 25_000 });

  // The admins' /admin shows the night: one admission, decided offline, and the conflict.
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin');
  const panel = adminPage.getByRole('region', { name: new RegExp(title) });
  await expect(panel.locator('dt').filter({ hasText: new RegExp(`^${m.AdminDoor.admitted}$`) }).locator('+ dd')).toHaveText('1');
  await expect(panel.locator('dt').filter({ hasText: new RegExp(`^${m.AdminDoor.inside}$`) }).locator('+ dd')).toHaveText('1 of 50');
  await expect(panel.locator('dt').filter({ hasText: new RegExp(`^${m.AdminDoor.offline}$`) }).locator('+ dd')).toHaveText('1');
  await expect(panel.locator('dt').filter({ hasText: new RegExp(`^${m.AdminDoor.conflicts}$`) }).locator('+ dd')).toHaveText('1');
  const conflict = panel.locator('.door-admin__flagged li');
  await expect(conflict).toHaveCount(1);
  await expect(conflict).toContainText(m.AdminDoor.flags.secondAdmission);
  await expect(conflict).toContainText(/first at (Front|Side) door at \d\d:\d\d, again at (Side|Front) door at \d\d:\d\d/);
  // The CSV names both doors too.
  const csv = await (await adminContext.request.get(`/api/door/${event.id}/report?locale=en`)).text();
  expect(csv).toMatch(/Admission \(offline\),[^\n]*,(Front|Side) door,Camera|Admission \(offline\)/);
  expect(csv).toMatch(/Admitted twice,.*,(Front|Side) door,,,(Front|Side) door,/);

  await event.unpublish();
  for (const context of [front.context, side.context, adminContext]) await context.close();
});

/** A guest-list entry the admin adds ("Kai +3"), and its code as its ticket page shows it. */
async function guestListTicket(adminContext: BrowserContext, baseURL: string, eventId: string, name: string, party: number) {
  const headers = { 'content-type': 'application/json', origin: baseURL };
  const added = await adminContext.request.post('/api/trpc/ticketAdmin.addGuestListEntry', { headers, data: { json: { eventId, name, email: '', party, locale: 'en' } } });
  expect(added.status(), await added.text()).toBe(200);
  const { link } = (await added.json()).result.data.json as { link: string };
  const url = new URL(link, 'http://x');
  const input = { id: url.pathname.split('/').pop(), key: url.searchParams.get('key') };
  const page = await adminContext.request.get(`/api/trpc/tickets.get?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);
  expect(page.status(), await page.text()).toBe(200);
  return (await page.json()).result.data.json.code as string;
}

test('en: two doors lose the server and admit the same ticket from their lists; back online, one admission and one conflict; a guest-list "+3" admitted by name counts four inside', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const m = MESSAGES.en;
  const title = `Offline tickets ${Date.now().toString(36)}`;
  const { adminContext, event } = await eventWithOpenDoor(browser, baseURL!, title);
  const code = await guestListTicket(adminContext, baseURL!, event.id, 'Lina Solo', 0);
  await guestListTicket(adminContext, baseURL!, event.id, 'Kai Crew', 3);
  const front = await doorPhone(browser, baseURL!, 'scanner', event.id, 'Front door');
  const side = await doorPhone(browser, baseURL!, 'admin', event.id, 'Side door');
  await readingPause(front.page);
  const restoreFront = await loseServer(front.context);
  const restoreSide = await loseServer(side.context);
  for (const door of [front, side]) {
    await scanCode(door.page, door.field, code);
    await expect(door.verdict).toHaveAttribute('data-verdict', 'admitted', { timeout: 8_000 });
    await expect(door.verdict.getByText(m.Scanner.decidedOffline)).toBeVisible();
    await expect(door.verdict.getByTestId('verdict-ticket')).toContainText('Lina Solo');
    await door.page.keyboard.press('Escape');
  }
  await restoreFront();
  await restoreSide();
  for (const door of [front, side]) await expect(door.status).toContainText(/^.Online · list from/, { timeout: 25_000 });
  const figures = await figuresOf(adminContext, event.id);
  expect(figures).toMatchObject({ admitted: 1, inside: 1, offline: 1, conflicts: 1, guests: { admitted: 1, inside: 1 } });
  expect(figures.flagged).toEqual([expect.objectContaining({ kind: 'secondAdmission', name: 'Lina Solo' })]);

  // The crew arrives; Kai's phone died: the door finds the entry by name and lets the four in.
  const manual = front.page.getByRole('region', { name: m.Scanner.manualHeading });
  await manual.getByRole('searchbox', { name: m.Scanner.searchLabel }).fill('Kai');
  await manual.getByRole('button', { name: m.Scanner.search, exact: true }).click();
  const hit = manual.getByRole('listitem').filter({ hasText: 'Kai Crew' });
  await expect(hit).toContainText('Guest list · +3');
  await hit.getByRole('button', { name: m.Scanner.admit }).click();
  const dialog = front.page.getByRole('dialog', { name: m.Scanner.admitTitle.replace('{name}', 'Kai Crew') });
  await expect(dialog).toContainText('This admits 4 people');
  await dialog.getByRole('button', { name: m.Scanner.admit }).click();
  await expect(front.verdict).toHaveAttribute('data-verdict', 'admitted');
  await expect(front.verdict.getByTestId('verdict-ticket')).toContainText('4 people on this ticket');
  expect(await figuresOf(adminContext, event.id)).toMatchObject({ admitted: 5, inside: 5, guests: { admitted: 5, inside: 5 } });

  await event.unpublish();
  for (const context of [front.context, side.context, adminContext]) await context.close();
});

test('de: a scan queued without signal survives a reload and is uploaded later; the bar pours nothing without an answer', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const m = MESSAGES.de;
  const { adminContext, event } = await eventWithOpenDoor(browser, baseURL!, `Neuladen ${Date.now().toString(36)}`);
  const member = await newMember(browser, baseURL!, 'reload-offline');
  const memberPhone = await testPhone(browser, baseURL!, member);
  const door = await doorPhone(browser, baseURL!, 'scanner', event.id, 'Haupteingang', 'de');
  // The page is kept for opening without signal once it has shown online with its list.
  await expect.poll(() => door.page.evaluate(async () => Boolean(await (await caches.open('offline-shells')).match(location.pathname)))).toBe(true);

  await door.context.setOffline(true);
  await expect(door.status).toContainText(/Offline seit \d\d:\d\d · keine wartenden Scans/);
  await scanCode(door.page, door.field, await memberPhone.code());
  await expect(door.verdict).toHaveAttribute('data-verdict', 'admitted');
  await expect(door.verdict.getByText(m.Scanner.decidedOffline)).toBeVisible();
  await expect(door.status).toContainText('1 Scan wartet');

  // Reloaded without signal: the page comes from the worker, the queue from this phone's disk.
  await door.page.reload();
  await expect(door.status).toContainText(/Offline seit \d\d:\d\d · 1 Scan wartet · Liste von \d\d:\d\d/, { timeout: 15_000 });
  await expect(door.page).toHaveURL(/event=.*mode=entry/);

  // The bar without an answer: nothing poured, said plainly.
  await door.page.getByRole('radio', { name: m.Scanner.modes.bar }).check();
  await scanCode(door.page, door.field, await memberPhone.code());
  await expect(door.verdict).toHaveAttribute('data-undecided', 'bar', { timeout: 8_000 });
  await expect(door.verdict.getByRole('heading')).toHaveText(m.Scanner.undecided.bar);
  await door.page.keyboard.press('Escape');

  await door.context.setOffline(false);
  await expect(door.status).toContainText(/^.Online · Liste von/, { timeout: 25_000 });
  expect(await figuresOf(adminContext, event.id)).toMatchObject({ admitted: 1, offline: 1, drinks: 0, conflicts: 0 });

  await event.unpublish();
  await door.context.close();
  await adminContext.close();
});

test('en: a pass moved to a new phone ("Show my pass on this phone") stops working on the old one: online at once, offline after the next list', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const m = MESSAGES.en;
  const { adminContext, event } = await eventWithOpenDoor(browser, baseURL!, `Lost phone ${Date.now().toString(36)}`);
  const member = await newMember(browser, baseURL!, 'lost-phone');
  const oldPhone = await testPhone(browser, baseURL!, member);
  const door = await doorPhone(browser, baseURL!, 'scanner', event.id, 'Front door');
  const stale = await oldPhone.code();

  // The member signs in on a new phone: the pass is on another phone, and one tap moves it here.
  const newPhone = await browser.newContext({ ...phone('iphone'), baseURL });
  const pass = await newPhone.newPage();
  await signInThroughForm(pass, 'en', member.email, member.password, '/vip/qr');
  await expect(pass.getByText(m.Pass.elsewhereTitle)).toBeVisible();
  await readingPause(pass);
  await pass.getByRole('button', { name: m.Pass.moveHere }).click();
  await expect(pass.getByRole('img', { name: m.Pass.codeLabel })).toBeVisible();

  // Online: the old phone's code is refused at once.
  await scanCode(door.page, door.field, stale);
  await expect(door.verdict).toHaveAttribute('data-verdict', 'invalid');
  await door.page.keyboard.press('Escape');
  // The door's next list (the page reopened) knows the new key: offline, the old code is refused too.
  await reopenForNewerList(door);
  await expect(door.status).toContainText(/^.Online · list from/);
  await door.context.setOffline(true);
  await scanCode(door.page, door.field, await oldPhone.code(1));
  await expect(door.verdict).toHaveAttribute('data-verdict', 'invalid');
  await expect(door.verdict.getByText(m.Scanner.decidedOffline)).toBeVisible();
  await door.context.setOffline(false);

  await event.unpublish();
  for (const context of [door.context, newPhone, adminContext]) await context.close();
});

test('de: without signal, admitting by name searches the door list on this phone and queues the admission', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const m = MESSAGES.de;
  const { adminContext, event } = await eventWithOpenDoor(browser, baseURL!, `Ohne Netz per Name ${Date.now().toString(36)}`);
  const member = await newMember(browser, baseURL!, 'name-offline');
  const door = await doorPhone(browser, baseURL!, 'scanner', event.id, 'Garderobe', 'de');
  await door.context.setOffline(true);
  await expect(door.status).toContainText(/Offline seit/);
  // The guest says the address they signed up with; staff read the screen before they search.
  await readingPause(door.page);
  const manual = door.page.getByRole('region', { name: m.Scanner.manualHeading });
  await manual.getByRole('searchbox', { name: m.Scanner.searchLabel }).fill(member.email);
  await manual.getByRole('button', { name: m.Scanner.search, exact: true }).click();
  await expect(manual.getByText(m.Scanner.searchedHere)).toBeVisible();
  const masked = `${member.email.slice(0, 2)}…@example.org`;
  const hit = manual.getByRole('listitem').filter({ hasText: masked }).first();
  await expect(hit).toContainText(m.Scanner.member);
  await hit.getByRole('button', { name: m.Scanner.admit }).click();
  const dialog = door.page.getByRole('dialog', { name: m.Scanner.admitTitle.replace('{name}', masked) });
  await dialog.getByRole('button', { name: m.Scanner.admit }).click();
  await expect(door.verdict).toHaveAttribute('data-verdict', 'admitted');
  await expect(door.verdict.getByText(m.Scanner.decidedOffline)).toBeVisible();
  await door.verdict.getByRole('button', { name: m.Scanner.dismiss }).click();
  // This phone knows: the member shows as in, and cannot be admitted twice here.
  await expect(manual.getByRole('listitem').filter({ hasText: masked }).first()).toContainText(m.Scanner.alreadyIn);
  await expect(door.status).toContainText('1 Scan wartet');

  await door.context.setOffline(false);
  await expect(door.status).toContainText(/^.Online · Liste von/, { timeout: 25_000 });
  // Admitted, and flagged for the admins to look at: nothing but the door's word proves who it was.
  const figures = await figuresOf(adminContext, event.id);
  expect(figures).toMatchObject({ admitted: 1, offline: 1, conflicts: 1 });
  expect(figures.flagged.map((flag: { kind: string }) => flag.kind)).toEqual(['byNameOffline']);

  await event.unpublish();
  await door.context.close();
  await adminContext.close();
});

for (const locale of ['en', 'de'] as const) {
  test(`${locale}: a disabled member's phone is refused at the door, online at once and offline after the next list`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const m = MESSAGES[locale];
    const { adminContext, event } = await eventWithOpenDoor(browser, baseURL!, `Shut out ${locale} ${Date.now().toString(36)}`);
    const member = await newMember(browser, baseURL!, `disabled-${locale}`);
    // The member's phone keeps signing with its key after the account is disabled (the pass page
    // kept by the worker, no signal to learn otherwise).
    const memberPhone = await testPhone(browser, baseURL!, member);
    const door = await doorPhone(browser, baseURL!, 'scanner', event.id, locale === 'en' ? 'Front door' : 'Haupteingang', locale);
    // A second tab of the scanner, as staff leave one open on the event list.
    const other = await door.context.newPage();
    await other.goto(`${locale === 'en' ? '' : '/de'}/scanner`);

    // The manager disables the account on its page in the admin area.
    const manager = await adminContext.newPage();
    await manager.goto(`${locale === 'en' ? '' : '/de'}/admin/users/${member.uid}`);
    await readingPause(manager);
    await manager.getByRole('button', { name: m.AdminUser.disable }).click();
    const dialog = manager.getByRole('dialog');
    await expect(dialog).toContainText(m.AdminUser.disableText);
    await dialog.getByRole('button', { name: m.AdminUser.disable }).click();
    await expect(manager.getByRole('status').filter({ hasText: m.AdminUser.disabledDone })).toBeVisible();

    // Online: refused at once, with a verdict that says only to ask the manager.
    await readingPause(door.page);
    await scanCode(door.page, door.field, await memberPhone.code());
    await expect(door.verdict).toHaveAttribute('data-verdict', 'notAdmitted');
    await expect(door.verdict.getByRole('heading')).toHaveText(m.Scanner.verdicts.notAdmitted);
    await expect(door.verdict).toContainText(m.Scanner.notAdmittedHint);
    await expect(door.verdict.getByText(m.Scanner.decidedOffline)).toHaveCount(0);
    await door.page.keyboard.press('Escape');

    // The door's next list (the page reopened) names the pass as refused: offline, refused too.
    await reopenForNewerList(door);
    await door.context.setOffline(true);
    await expect(door.status).toContainText(locale === 'en' ? /Offline since/ : /Offline seit/);
    await scanCode(door.page, door.field, await memberPhone.code());
    await expect(door.verdict).toHaveAttribute('data-verdict', 'notAdmitted');
    await expect(door.verdict.getByText(m.Scanner.decidedOffline)).toBeVisible();
    await expect(door.verdict).toContainText(m.Scanner.notAdmittedHint);
    await door.context.setOffline(false);
    await expect(door.status).toContainText(locale === 'en' ? /^.Online · list from/ : /^.Online · Liste von/, { timeout: 25_000 });
    // Nobody was let in.
    expect(await figuresOf(adminContext, event.id)).toMatchObject({ admitted: 0, inside: 0 });

    await event.unpublish();
    await door.context.close();
    await adminContext.close();
  });
}
