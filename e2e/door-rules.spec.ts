// The door's rules at a real door (decision 052): an event with a capacity of 2 on a door phone
// with the service worker in control; two members come in, the third is "Full"; one leaves and the
// third comes in; the one who left comes back to a full door and is let in anyway with a reason,
// which the admins read on /admin (in German) with who let them in and why.
import { expect, test } from './support/test';
import { demoAccount, serverSession, signInThroughForm } from './support/accounts';
import { MESSAGES } from './support/i18n';
import { newMember, openEvent, testPhone } from './support/door';
import { phone, readingPause, untilControlled } from './support/installed-app';

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
    await expect(dialog.getByText(m.Scanner.anyway.reasonShort)).toBeVisible();
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
  } finally {
    await event.unpublish();
    await admin.close();
  }
});
