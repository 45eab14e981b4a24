// The door's rules at a real door (decision 052): an event with a capacity of 2 on a door phone
// with the service worker in control; two members come in, the third is "Full"; one leaves and the
// third comes in; the one who left comes back to a full door and is let in anyway with a reason,
// which the admins read on /admin (in German) with who let them in and why. A manager bans a member
// on their page (in German): the door refuses them online at once and offline after the next list,
// saying only to ask the manager, and the member can no longer bring a guest.
import { expect, test } from './support/test';
import { demoAccount, serverSession, signInThroughForm } from './support/accounts';
import { MESSAGES } from './support/i18n';
import { doorPhone, eventWithOpenDoor, figuresOf, newMember, openEvent, scanCode, testPhone, reopenForNewerList } from './support/door';
import { phone, readingPause, untilControlled } from './support/installed-app';
import { violationsOn } from './support/axe';

test.use(phone('android'));

test('capacity 2: two in, the third is Full; one out, the third in; back to a full door, admitted anyway with a reason that /admin shows with who and why', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const m = MESSAGES.en;
  const de = MESSAGES.de;
  const admin = await browser.newContext({ baseURL });
  const boss = demoAccount('admin');
  await serverSession(admin, baseURL!, boss.email, boss.password);
  const title = `Small room night ${Date.now().toString(36)}`;
  const event = await openEvent(admin.request, baseURL!, title, { capacity: 2 });
  try {
    const phones = await Promise.all(['cap-a', 'cap-b', 'cap-c'].map(async (label) => testPhone(browser, baseURL!, await newMember(browser, baseURL!, label))));
    const [first, second, third] = phones as [(typeof phones)[0], (typeof phones)[0], (typeof phones)[0]];
    const staff = demoAccount('scanner');
    await signInThroughForm(page, 'en', staff.email, staff.password, `/scanner?event=${event.id}&mode=entry`);
    await untilControlled(page);
    const figures = page.getByRole('region', { name: m.Scanner.tonight });
    const inside = figures.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${m.Scanner.inside}$`) }) }).locator('dd');
    await expect(inside).toHaveText('0 of 2');
    await readingPause(page);
    const verdict = page.getByTestId('verdict');
    const field = page.getByLabel(m.Scanner.keyboardLabel);
    const scanAs = async (mode: 'entry' | 'exit', code: string, expected: string) => {
      if (await verdict.count()) await verdict.getByRole('button', { name: m.Scanner.dismiss }).click();
      const radio = page.getByRole('radio', { name: new RegExp(`${m.Scanner.modes[mode]}$`) });
      if (!(await radio.isChecked())) await radio.click();
      await expect(radio).toBeChecked();
      await field.fill(code);
      await field.press('Enter');
      await expect(verdict).toHaveAttribute('data-verdict', expected);
    };
    await scanAs('entry', await first.code(), 'admitted');
    await scanAs('entry', await second.code(), 'admitted');
    await expect(inside).toHaveText('2 of 2');
    // The third: "Full", in words, with the count, a sign and its own colour; nobody admitted.
    await scanAs('entry', await third.code(), 'full');
    await expect(verdict.getByRole('heading')).toHaveText(m.Scanner.verdicts.full);
    await expect(verdict).toContainText('2 of 2 inside');
    await expect(page.getByTestId('capacity-warning')).toHaveAttribute('data-full', 'true');
    expect(await violationsOn(page), 'accessibility of the Full verdict').toEqual([]);
    await readingPause(page, 1_000);
    // One leaves: the third comes in.
    await scanAs('exit', await first.code(), 'exited');
    await expect(inside).toHaveText('1 of 2');
    await scanAs('entry', await third.code(), 'admitted');
    // The first comes back to a full door: admitted anyway, with the reason.
    await scanAs('entry', await first.code(), 'full');
    await verdict.getByTestId('admit-anyway').click();
    const dialog = page.getByRole('dialog', { name: m.Scanner.anyway.title });
    // Too short a reason is said, and nothing is sent.
    await dialog.getByLabel(m.Scanner.anyway.reason).fill('x');
    await dialog.getByRole('button', { name: m.Scanner.anyway.confirm }).click();
    await expect(dialog.getByText(m.Forms.overrideReasonShort)).toBeVisible();
    expect(await violationsOn(page), 'accessibility of the reason dialog').toEqual([]);
    await readingPause(page, 1_000);
    await dialog.getByLabel(m.Scanner.anyway.reason).fill('Came back for her coat, the manager agreed');
    await dialog.getByRole('button', { name: m.Scanner.anyway.confirm }).click();
    await expect(verdict).toHaveAttribute('data-verdict', 'welcomeBack');
    await expect(inside).toHaveText('3 of 2');

    // The admins' /admin, in German: the warning, the count, and who let whom in and why.
    const dashboard = await admin.newPage();
    await dashboard.goto('/de/admin');
    const door = dashboard.getByRole('region', { name: de.AdminDoor.tonightHeading.replace('{event}', title) });
    await expect(door.locator('dl > div').filter({ has: dashboard.locator('dt', { hasText: new RegExp(`^${de.AdminDoor.inside}$`) }) }).locator('dd')).toHaveText('3 von 2');
    await expect(door.getByTestId('capacity-warning')).toContainText('Voll');
    const overrides = door.getByTestId('capacity-overrides');
    await expect(overrides).toContainText('Came back for her coat, the manager agreed');
    await expect(overrides).toContainText('Dana Door');
    await expect(door.getByRole('heading', { name: de.AdminDoor.overridesHeading })).toBeVisible();
    expect(await violationsOn(dashboard), 'accessibility of /de/admin with the overrides').toEqual([]);
  } finally {
    await event.unpublish();
    await admin.close();
  }
});

test('de: a banned member is refused at the door online and offline after the next list, never told why, and cannot bring a guest', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const de = MESSAGES.de;
  const title = `Kellernacht ${Date.now().toString(36)}`;
  const { adminContext, event } = await eventWithOpenDoor(browser, baseURL!, title);
  const member = await newMember(browser, baseURL!, 'banned');
  const memberPhone = await testPhone(browser, baseURL!, member);
  const door = await doorPhone(browser, baseURL!, 'scanner', event.id, 'Haupteingang', 'de');
  try {
    // The manager, on the member's page: "Hausverbot…", a reason, no last day.
    const manager = await adminContext.newPage();
    await manager.goto(`/de/admin/users/${member.uid}`);
    const section = manager.getByTestId('person-ban');
    await expect(section).toContainText(de.AdminBans.none);
    await readingPause(manager);
    await section.getByRole('button', { name: new RegExp(de.AdminBans.banLabel.replace('{name}', '.+')) }).click();
    const dialog = manager.getByRole('dialog');
    await expect(dialog).toContainText(de.AdminBans.dialogText);
    expect(await violationsOn(manager), 'the ban dialog').toEqual([]);
    await dialog.getByLabel(de.AdminBans.reasonLabel).fill('Hat am Tresen eine Flasche geworfen');
    await dialog.getByRole('button', { name: de.AdminBans.save }).click();
    await expect(section).toContainText(de.AdminBans.state.holding);
    await expect(section).toContainText('Hat am Tresen eine Flasche geworfen');
    expect(await violationsOn(manager), 'the person page with the ban').toEqual([]);

    // Online: "Kein Einlass", ask the manager, and no reason.
    await readingPause(door.page);
    await scanCode(door.page, door.field, await memberPhone.code());
    await expect(door.verdict).toHaveAttribute('data-verdict', 'notAdmitted');
    await expect(door.verdict).toContainText(de.Scanner.notAdmittedHint);
    await expect(door.verdict).not.toContainText('Flasche');
    await door.page.keyboard.press('Escape');

    // The next list (the page reopened) refuses the pass without signal too.
    await reopenForNewerList(door);
    await door.context.setOffline(true);
    await expect(door.status).toContainText(/Offline seit/);
    await scanCode(door.page, door.field, await memberPhone.code());
    await expect(door.verdict).toHaveAttribute('data-verdict', 'notAdmitted');
    await expect(door.verdict.getByText(de.Scanner.decidedOffline)).toBeVisible();
    await door.context.setOffline(false);
    await expect(door.status).toContainText(/^.Online · Liste von/, { timeout: 25_000 });
    expect(await figuresOf(adminContext, event.id)).toMatchObject({ admitted: 0, inside: 0 });

    // The member, on their phone: bringing a guest is refused, without a word of the ban.
    const memberContext = await browser.newContext({ ...phone('iphone'), baseURL });
    const memberPage = await memberContext.newPage();
    await signInThroughForm(memberPage, 'de', member.email, member.password, '/vip');
    const tonight = memberPage.getByRole('region', { name: de.Guests.heading }).locator('.panel').filter({ hasText: title });
    await readingPause(memberPage);
    await tonight.getByRole('button', { name: de.Guests.bring }).click();
    const bring = memberPage.getByRole('dialog');
    await bring.getByLabel(de.Guests.name).fill('Kai Gast');
    await bring.getByRole('button', { name: de.Guests.submit }).click();
    await expect(bring.getByRole('alert')).toContainText(de.Errors.reasons.guestsNotAllowedNow);
    await expect(bring).not.toContainText(/Hausverbot|Flasche/);
    await expect(bring.getByLabel(de.Guests.name)).toHaveValue('Kai Gast');
    await memberContext.close();
  } finally {
    await event.unpublish();
    await door.context.close();
    await adminContext.close();
  }
});
