// A member's guest at the door (issue 45, decision 050), on phones with the service worker in
// control: the member brings a guest from /vip and shares the link; the guest opens it signed out
// (and again without signal); the door's camera reads the ticket from the guest's screen:
// "Admitted · Guest of …", then "Already admitted"; the member's page shows the guest arrived; a
// second guest is refused, in both languages.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test, watchedBrowser } from './support/test';
import { demoAccount, serverSession, signInThroughForm } from './support/accounts';
import { MESSAGES } from './support/i18n';
import { fakeCameraVideo, newMember, openEvent } from './support/door';
import { phone, readingPause, untilControlled } from './support/installed-app';
import { violationsOn } from './support/axe';
import { CHROMIUM_ARGS } from '../playwright.config';
import { DEBIAN_CHROMIUM, findChromium } from './support/browser-path';

test.use(phone('iphone'));

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

test("a member brings a guest from /vip; the guest's phone shows the ticket signed out and without signal; the door's camera admits it once as the member's guest; the member sees the arrival; a second guest is refused in English and German", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const m = MESSAGES.en;
  const title = `Guests night ${Date.now().toString(36)}`;
  const admin = await browser.newContext();
  const account = demoAccount('admin');
  await serverSession(admin, baseURL!, account.email, account.password);
  const event = await openEvent(admin.request, baseURL!, title);
  const member = await newMember(browser, baseURL!, 'brings-guest');
  const masked = `${member.email.slice(0, 2)}…@example.org`;

  // The member, on their phone: /vip, "Bring a guest" for tonight, a name, no address.
  const memberContext = await browser.newContext({ ...phone('iphone'), baseURL, permissions: ['clipboard-read', 'clipboard-write'] });
  const memberPage = await memberContext.newPage();
  await signInThroughForm(memberPage, 'en', member.email, member.password, '/vip');
  await untilControlled(memberPage);
  const guests = memberPage.getByRole('region', { name: m.Guests.heading });
  const tonight = guests.locator('.panel').filter({ hasText: title });
  await readingPause(memberPage);
  await tonight.getByRole('button', { name: m.Guests.bring }).click();
  const dialog = memberPage.getByRole('dialog', { name: fill(m.Guests.bringTo, { event: title }) });
  expect(await violationsOn(memberPage), 'the bring-a-guest dialog').toEqual([]);
  await dialog.getByLabel(m.Guests.name).fill('Kai Gast');
  await dialog.getByRole('button', { name: m.Guests.submit }).click();
  // The same dialog now shows the ticket, under a title of its own.
  const created = memberPage.getByRole('dialog', { name: fill(m.Guests.created, { name: 'Kai Gast' }) });
  const link = created.getByRole('link', { name: fill(m.Guests.linkLabel, { name: 'Kai Gast' }) });
  await expect(link).toBeVisible();
  expect(await violationsOn(memberPage), 'the link shown once').toEqual([]);
  const ticketUrl = await link.getAttribute('href');
  expect(ticketUrl).toMatch(/\/tickets\/[A-Za-z0-9_-]{16}\?key=[A-Za-z0-9_-]{32}$/);
  await created.getByRole('button', { name: m.Guests.copy }).click();
  await expect(created.getByRole('status')).toHaveText(m.Guests.copied);
  await created.getByRole('button', { name: m.Guests.close }).first().click();
  await expect(tonight.getByText('Kai Gast')).toBeVisible();
  await expect(tonight.getByText(m.Guests.states.valid)).toBeVisible();
  // One guest per member at this event: the button is gone.
  await expect(tonight.getByRole('button', { name: m.Guests.bring })).toHaveCount(0);

  // The guest, on their own phone, signed out: the link opens the ticket; a second visit without
  // signal still shows it (the worker kept it).
  const guestContext = await browser.newContext({ ...phone('iphone'), baseURL });
  const guestPage = await guestContext.newPage();
  await guestPage.goto(ticketUrl!);
  await expect(guestPage.getByRole('heading', { name: m.Ticket.title })).toBeVisible();
  await untilControlled(guestPage);
  await guestPage.reload();
  await guestContext.setOffline(true);
  await guestPage.reload();
  const qr = guestPage.getByRole('img', { name: fill(m.Ticket.qrLabel, { name: 'Kai Gast' }) });
  await expect(qr).toBeVisible();
  await expect(guestPage.getByText(fill(m.Ticket.kinds.guest, { sponsor: masked }))).toBeVisible();
  // A wrong secret is a plain 404, with signal.
  await guestContext.setOffline(false);
  const wrong = await guestContext.request.get(ticketUrl!.replace(/key=.{4}/, 'key=AAAA'));
  expect(wrong.status()).toBe(404);

  // The door's phone films the guest's screen.
  const video = join(tmpdir(), `door-ticket-${Date.now().toString(36)}.y4m`);
  await fakeCameraVideo(await qr.screenshot(), video);
  const door = watchedBrowser(
    await chromium.launch({
      executablePath: findChromium() ?? DEBIAN_CHROMIUM,
      args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    }),
  );
  const doorContext = await door.newContext({ ...phone('android'), baseURL, permissions: ['camera'] });
  const scanner = await doorContext.newPage();
  const staff = demoAccount('scanner');
  await signInThroughForm(scanner, 'en', staff.email, staff.password);
  await untilControlled(scanner);
  await scanner.goto(`/scanner?event=${event.id}&mode=entry`);
  const verdict = scanner.getByTestId('verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'admitted', { timeout: 30_000 });
  await expect(verdict.getByRole('heading', { name: m.Scanner.verdicts.admitted })).toBeVisible();
  await expect(verdict.getByTestId('verdict-ticket')).toContainText('Kai Gast');
  await expect(verdict.getByTestId('verdict-ticket')).toContainText(fill(m.Scanner.ticket.guestOf, { name: masked }));
  // The camera keeps seeing the same screen: after the pause it is sent again, and refused.
  await expect(verdict).toHaveAttribute('data-verdict', 'alreadyAdmitted', { timeout: 15_000 });
  await expect(verdict).toContainText(/First admitted at \d\d:\d\d at /);
  await scanner.screenshot({ path: test.info().outputPath('door-ticket-verdict.png') });
  await door.close();

  // The member's page says the guest arrived.
  await memberPage.reload();
  await expect(tonight.getByText(/Arrived \d{1,2}:\d\d(?:\s?[AP]M)? · inside/)).toBeVisible({ timeout: 15_000 });
  expect(await violationsOn(memberPage), 'the guests on /vip').toEqual([]);

  // A second guest from the event's page: refused, in English and in German.
  const refusals = { en: 'You have brought the one guest this event allows per member.', de: 'Du hast den einen Gast eingetragen, den diese Veranstaltung pro Mitglied erlaubt.' };
  for (const locale of ['en', 'de'] as const) {
    const words = MESSAGES[locale];
    await memberPage.goto(`${locale === 'en' ? '' : '/de'}/events`);
    await memberPage.getByRole('link', { name: title }).first().click();
    await memberPage.getByRole('button', { name: words.Guests.bring }).click();
    const again = memberPage.getByRole('dialog');
    await again.getByLabel(words.Guests.name).fill('Ole Zweiter');
    await again.getByRole('button', { name: words.Guests.submit }).click();
    await expect(again.getByRole('alert')).toContainText(refusals[locale]);
    expect(await violationsOn(memberPage), `the refusal, ${locale}`).toEqual([]);
    // Nothing typed is lost.
    await expect(again.getByLabel(words.Guests.name)).toHaveValue('Ole Zweiter');
  }

  await event.unpublish();
  for (const context of [memberContext, guestContext, admin]) await context.close();
});
