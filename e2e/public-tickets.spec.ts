// Free public tickets with a waitlist (issue 45, decision 051), on phones with the service worker in
// control: one person takes the event's only ticket (and gets it by mail), a second joins the
// waitlist; an admin cancels the first ticket on the event's "Guests & tickets"; the second is
// offered it (by mail, read from MailDev) and takes it. The admins' screen and the event's panel
// pass axe in both languages.
import { expect, test } from './support/test';
import { demoAccount, serverSession } from './support/accounts';
import { MESSAGES } from './support/i18n';
import { openEvent } from './support/door';
import { violationsOn } from './support/axe';
import { signUp, uniqueEmail } from './support/emulator';
import { waitForMail } from './support/maildev';
import { phone, readingPause, untilControlled } from './support/installed-app';

test.use(phone('android'));

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

test('one free ticket: taken by one person (mailed), the next on the waitlist is offered it when an admin cancels it, and takes it; the screens pass axe in English and German', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const [en, de] = [MESSAGES.en, MESSAGES.de];
  const stamp = Date.now().toString(36);
  const title = `Free night ${stamp}`;
  const slug = `free-night-${stamp}`;
  const adminContext = await browser.newContext({ ...phone('android'), baseURL });
  const admin = demoAccount('admin');
  await serverSession(adminContext, baseURL!, admin.email, admin.password);
  const event = await openEvent(adminContext.request, baseURL!, title, { doorsHoursAgo: -2, startsInHours: 3, publicTickets: 1 });

  // Two people without a role, each on their own phone; the second reads German.
  const people = await Promise.all(
    ['first-taker', 'second-taker'].map(async (label) => {
      const email = uniqueEmail(label);
      await signUp(email, 'correct-horse-7');
      const context = await browser.newContext({ ...phone('android'), baseURL });
      await serverSession(context, baseURL!, email, 'correct-horse-7');
      return { email, context, page: await context.newPage() };
    }),
  );
  const [first, second] = people as [(typeof people)[number], (typeof people)[number]];

  await first.page.goto(`/events/${slug}`);
  await untilControlled(first.page);
  const firstPanel = first.page.getByRole('region', { name: en.PublicTickets.heading });
  await expect(firstPanel).toContainText('1 of 1 tickets left.');
  await readingPause(first.page);
  await firstPanel.getByRole('button', { name: en.PublicTickets.take }).click();
  await expect(firstPanel.getByText(en.PublicTickets.holding)).toBeVisible();
  await expect(firstPanel.getByRole('link', { name: en.PublicTickets.openTicket })).toHaveAttribute('href', /\/tickets\/[A-Za-z0-9_-]{16}\?key=/);
  await waitForMail(first.email, fill(en.Mail.publicTicket.subject, { event: title }));

  await second.page.goto(`/de/events/${slug}`);
  await untilControlled(second.page);
  const secondPanel = second.page.getByRole('region', { name: de.PublicTickets.heading });
  await expect(secondPanel).toContainText('Alle 1 Tickets sind vergeben.');
  await secondPanel.getByRole('button', { name: de.PublicTickets.join }).click();
  await expect(secondPanel.getByText(fill(de.PublicTickets.waiting, { position: 1 }))).toBeVisible();
  expect(await violationsOn(second.page), 'the event page in German, on the waitlist').toEqual([]);

  // The admin cancels the first ticket on the event's "Guests & tickets", in both languages.
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`/admin/events?tickets=${event.id}`);
  const cancel = adminPage.getByRole('button', { name: fill(en.AdminTickets.cancelLabel, { name: first.email }) });
  await expect(cancel).toBeVisible();
  expect(await violationsOn(adminPage), 'the admins’ tickets in English').toEqual([]);
  await cancel.click();
  const dialog = adminPage.getByRole('dialog', { name: fill(en.AdminTickets.cancelTitle, { name: first.email }) });
  await dialog.getByRole('button', { name: en.AdminTickets.cancelConfirm }).click();
  await expect(adminPage.getByText(fill(en.AdminTickets.cancelled, { name: first.email }))).toBeVisible();
  // The same screen in German (the choice is remembered from here on).
  await adminPage.goto(`/de/admin/events?tickets=${event.id}`);
  await expect(adminPage.getByRole('heading', { name: fill(de.AdminTickets.heading, { event: title }) })).toBeVisible();
  await expect(adminPage.getByText(de.AdminTickets.waitlistHeading)).toBeVisible();
  expect(await violationsOn(adminPage), 'the admins’ tickets in German').toEqual([]);
  await adminPage.screenshot({ path: test.info().outputPath('admin-tickets-de.png'), fullPage: true });

  // The first is told; the second is offered the ticket by mail and takes it on the event page.
  await waitForMail(first.email, /cancelled|storniert|no longer|gilt nicht mehr/i);
  const offer = await waitForMail(second.email, new RegExp(`${title}.*(free for you|für dich frei)`));
  expect(offer.subject).toContain(title);
  await second.page.reload();
  await expect(secondPanel.getByText(/Für dich ist ein Ticket frei geworden/)).toBeVisible();
  expect(await violationsOn(second.page), 'the event page in German, with an offer').toEqual([]);
  await secondPanel.getByRole('button', { name: de.PublicTickets.take }).click();
  await expect(secondPanel.getByText(de.PublicTickets.holding)).toBeVisible();
  await first.page.reload();
  await expect(firstPanel.getByText(en.PublicTickets.cancelled)).toBeVisible();

  await event.unpublish();
  for (const context of [adminContext, first.context, second.context]) await context.close();
});
