// Announcements by e-mail (issue 44), on phones with the service worker in control: two members
// turn announcements on in their profiles (Lena reads German, Ben English); an admin sends a
// notification to the members by e-mail too; each mail arrives in MailDev in its reader's language
// with RFC 8058's List-Unsubscribe headers, and the notification's page counts the mails sent.
// A POST of `List-Unsubscribe=One-Click` to Lena's header address, made the way a mail provider
// makes it (another server: no cookie, no browser), unsubscribes her; the page her mail's link
// opens says so in German, and passes axe. The next announcement reaches Ben by mail, and Lena not.
import { expect, test, type Browser, type Page } from './support/test';
import { demoAccount, signInThroughForm } from './support/accounts';
import { newMember } from './support/door';
import { violationsOn } from './support/axe';
import { localized, MESSAGES, type TestLocale } from './support/i18n';
import { phone, readingPause, untilControlled } from './support/installed-app';
import { linkIn, MAILDEV_WEB, mailTo, waitForMail, type ReceivedMail } from './support/maildev';

test.use(phone('android'));

/**
 * A header of a received mail as it came over SMTP. MailDev's JSON leaves out the `List-*` headers
 * (its parser turns them into an object it then drops), so they are read from the raw message.
 */
async function header(mail: ReceivedMail, name: string): Promise<string | undefined> {
  const response = await fetch(`${MAILDEV_WEB}/api/email/${mail.id}/source`);
  expect(response.ok, `MailDev's source of ${mail.id}`).toBe(true);
  const head = (await response.text()).split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((each) => each.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The member, on their phone, keeps the page's language as theirs and says yes to announcements by e-mail. */
async function turnAnnouncementsOn(browser: Browser, baseURL: string, member: { email: string; password: string }, locale: TestLocale) {
  const m = MESSAGES[locale];
  const context = await browser.newContext({ ...phone('android'), baseURL });
  const page = await context.newPage();
  await signInThroughForm(page, locale, member.email, member.password, '/vip/profile');
  await untilControlled(page);
  await page.getByRole('button', { name: m.Profile.saveLanguage }).click();
  await expect(page.getByRole('status').filter({ hasText: m.Profile.languageSaved })).toBeVisible();
  await readingPause(page, 500);
  // Service mails need no choice and say so; announcements wait for a yes.
  await expect(page.getByText(m.Profile.mailService)).toBeVisible();
  const announcements = page.getByRole('checkbox', { name: m.Profile.mailAnnouncements });
  await expect(announcements).not.toBeChecked();
  await announcements.check();
  await page.getByRole('button', { name: m.Profile.saveMail }).click();
  await expect(page.getByRole('status').filter({ hasText: m.Profile.mailSaved })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: m.Profile.mailAnnouncements })).toBeChecked();
  await context.close();
}

/** The admin writes a notification to the members, by e-mail to everyone who asked, and sends it; returns its page's path. */
async function announce(page: Page, title: { en: string; de: string }): Promise<string> {
  const m = MESSAGES.en.AdminNotifications;
  await page.goto('/admin/notifications?edit=new');
  for (const language of ['en', 'de'] as const) {
    const group = page.getByRole('group', { name: m.languages[language] });
    await group.getByLabel(m.titleLabel).fill(title[language]);
    await group.getByLabel(m.bodyLabel).fill(language === 'en' ? 'Friday: the harbour sessions, doors at nine.' : 'Freitag: die Hafen-Sessions, Einlass um neun.');
  }
  await page.getByRole('radio', { name: m.audiences.members }).check();
  await page.getByRole('radio', { name: m.emailChannels.optedIn }).check();
  await page.getByRole('button', { name: m.sendNow }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(m.confirmSendMail.optedIn);
  await dialog.getByRole('button', { name: m.sendNow }).click();
  await expect(page).toHaveURL(/\/admin\/notifications\/[A-Za-z0-9]+$/);
  await expect(page.getByTestId('notification-status')).toContainText(m.status.sent, { timeout: 30_000 });
  return new URL(page.url()).pathname;
}

test('an announcement by e-mail, its one-click unsubscribe without cookies, and no mail of the next one', async ({ browser, baseURL, page }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const lena = await newMember(browser, baseURL!, `mail-lena-${stamp}`);
  const ben = await newMember(browser, baseURL!, `mail-ben-${stamp}`);
  await turnAnnouncementsOn(browser, baseURL!, lena, 'de');
  await turnAnnouncementsOn(browser, baseURL!, ben, 'en');

  const admin = demoAccount('admin');
  await signInThroughForm(page, 'en', admin.email, admin.password, '/admin/notifications');
  await untilControlled(page);
  const first = { en: `Harbour sessions ${stamp}`, de: `Hafen-Sessions ${stamp}` };
  await announce(page, first);

  // Each in their language, with the one-click unsubscribe of RFC 8058.
  const german = await waitForMail(lena.email, first.de);
  const english = await waitForMail(ben.email, first.en);
  expect(german.text).toContain('Freitag: die Hafen-Sessions, Einlass um neun.');
  expect(english.text).toContain('Friday: the harbour sessions, doors at nine.');
  for (const mail of [german, english]) {
    expect(await header(mail, 'List-Unsubscribe')).toMatch(new RegExp(`^<${baseURL}/api/mail/unsubscribe\\?u=[^&>]+&t=[A-Za-z0-9_-]+>$`));
    expect(await header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  }
  // The notification's page counts the mails as the outbox sends them, live.
  const sentRow = page.getByRole('row', { name: new RegExp(`^${MESSAGES.en.AdminNotifications.figures.mailSent}`) });
  await expect.poll(async () => Number(await sentRow.getByRole('cell').first().textContent()), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

  // Lena's mail provider unsubscribes her: a POST from its own server, no cookie, no Origin of ours.
  const oneClick = (await header(german, 'List-Unsubscribe'))!.slice(1, -1);
  const response = await fetch(oneClick, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click', redirect: 'manual' });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ outcome: 'unsubscribed' });

  // Lena opens her mail's own link on her phone, signed out: the page asks (opening it changes
  // nothing), and confirms in German that she is unsubscribed.
  const de = MESSAGES.de;
  const pageLink = linkIn(german, de.Mail.unsubscribe);
  expect(new URL(pageLink).pathname).toBe(localized('de', '/unsubscribe'));
  const lenaPhone = await browser.newContext({ ...phone('android'), baseURL });
  const lenaPage = await lenaPhone.newPage();
  await lenaPage.goto(pageLink);
  await expect(lenaPage.locator('html')).toHaveAttribute('lang', 'de');
  await expect(lenaPage.getByRole('heading', { level: 1 })).toHaveText(de.Pages.unsubscribe.title);
  await expect(lenaPage.getByRole('heading', { name: de.Unsubscribe.question })).toBeVisible();
  await readingPause(lenaPage, 500);
  await lenaPage.getByRole('button', { name: de.Unsubscribe.confirm }).click();
  await expect(lenaPage.getByRole('status').filter({ hasText: de.Unsubscribe.outcomes.alreadyUnsubscribed })).toBeVisible();
  await expect(lenaPage.getByRole('link', { name: de.Unsubscribe.profileLink })).toBeVisible();
  expect(await violationsOn(lenaPage)).toEqual([]);
  await lenaPhone.close();

  // The next announcement reaches Ben by mail, and Lena only in the app.
  const second = { en: `Last call ${stamp}`, de: `Letzter Aufruf ${stamp}` };
  await announce(page, second);
  await waitForMail(ben.email, second.en);
  // Ben's mail was sent in the same rounds as Lena's would have been; a few more seconds for good measure.
  await page.waitForTimeout(6_000);
  expect((await mailTo(lena.email)).map((mail) => mail.subject).filter((subject) => subject.includes(stamp))).toEqual([first.de]);
});
