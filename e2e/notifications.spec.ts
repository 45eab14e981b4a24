// Notifications as admins and members use them: an admin writes a message in both languages and
// sends it to the members; a member's open browser shows the unread badge and the inbox entry, in
// the member's language, without reloading; opening it marks it read; the detail page counts the
// delivery. A scheduled one goes out at its time by itself.
import { expect, test } from './support/test';
import { demoAccount, serverSession, signInThroughForm } from './support/accounts';
import { localized, MESSAGES, TEST_LOCALES } from './support/i18n';
import { newMember } from './support/door';

for (const locale of TEST_LOCALES) {
  const m = MESSAGES[locale];

  test(`${locale}: an admin sends to members; the member's open inbox and badge show it without reloading`, async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const member = await newMember(browser, baseURL!, `inbox-${locale}`);
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await signInThroughForm(memberPage, locale, member.email, member.password, '/vip');
    // The member reads in this language: their copy is written in it.
    const headers = { 'content-type': 'application/json', origin: baseURL! };
    expect((await memberContext.request.post(`${baseURL}/api/trpc/profile.update`, { data: { json: { locale } }, headers })).status()).toBe(200);
    await memberPage.goto(localized(locale, '/vip'));
    const inbox = memberPage.locator('#inbox');
    await expect(inbox.getByRole('heading', { name: m.Inbox.title })).toBeVisible();

    const admin = demoAccount('admin');
    await serverSession(page.context(), baseURL!, admin.email, admin.password);
    await page.goto(localized(locale, '/admin/notifications'));
    await page.getByRole('link', { name: m.AdminNotifications.create }).click();
    const stamp = Date.now().toString(36);
    const english = page.getByRole('group', { name: m.AdminNotifications.languages.en });
    const german = page.getByRole('group', { name: m.AdminNotifications.languages.de });
    await english.getByLabel(m.AdminNotifications.titleLabel).fill(`Doors at eight ${stamp}`);
    // Sending with a language missing is refused at its field (the German title, focused), and
    // nothing typed is lost.
    await english.getByLabel(m.AdminNotifications.bodyLabel).fill('Tonight the doors open at 20:00.');
    await page.getByRole('button', { name: m.AdminNotifications.sendNow }).click();
    await page.getByRole('dialog').getByRole('button', { name: m.AdminNotifications.sendNow }).click();
    await expect(german.getByText(m.Errors.reasons.notificationTitleMissing)).toBeVisible();
    await expect(german.getByLabel(m.AdminNotifications.titleLabel)).toHaveAttribute('aria-invalid', 'true');
    await expect(german.getByLabel(m.AdminNotifications.titleLabel)).toBeFocused();
    await expect(english.getByLabel(m.AdminNotifications.titleLabel)).toHaveValue(`Doors at eight ${stamp}`);

    await german.getByLabel(m.AdminNotifications.titleLabel).fill(`Einlass um acht ${stamp}`);
    await german.getByLabel(m.AdminNotifications.bodyLabel).fill('Heute öffnen die Türen um 20 Uhr.');
    await expect(german.getByText(`Einlass um acht ${stamp}`).first()).toBeVisible();
    await page.getByRole('radio', { name: m.AdminNotifications.audiences.members }).check();
    await page.getByRole('button', { name: m.AdminNotifications.sendNow }).click();
    await page.getByRole('dialog').getByRole('button', { name: m.AdminNotifications.sendNow }).click();
    await expect(page).toHaveURL(/\/admin\/notifications\/[A-Za-z0-9]+$/);
    await expect(page.getByRole('cell').first()).toBeVisible();
    await expect(page.getByTestId('notification-status')).toContainText(m.AdminNotifications.status.sent, { timeout: 30_000 });
    // The refused send had saved a draft; the send that worked sent that same draft: none is left.
    const list = await page.request.get(`${baseURL}/api/trpc/notifications.list?input=${encodeURIComponent(JSON.stringify({ json: { filter: 'draft', cursor: null } }))}`);
    expect(list.status()).toBe(200);
    expect(JSON.stringify(await list.json())).not.toContain(stamp);

    // The member's page, untouched since: the entry and the badge arrive live.
    const title = locale === 'de' ? `Einlass um acht ${stamp}` : `Doors at eight ${stamp}`;
    const entry = inbox.getByRole('listitem').filter({ hasText: title });
    await expect(entry).toBeVisible({ timeout: 20_000 });
    await expect(entry.getByText(m.Inbox.unread)).toBeVisible();
    // The badge is the link named "Inbox: 1 unread message": matched up to its count.
    const unreadLabel = new RegExp(`^${m.Nav.inboxUnread.match(/one \{([^#]*)#/)![1]}\\d`);
    await expect(memberPage.getByRole('link', { name: unreadLabel }).first()).toBeAttached();
    await entry.getByRole('button', { name: m.Inbox.markRead }).click();
    await expect(entry.getByText(m.Inbox.unread)).toHaveCount(0);

    // The detail counts the read, live.
    const readRow = page.getByRole('row', { name: new RegExp(m.AdminNotifications.figures.read) });
    await expect(readRow.getByRole('cell').first()).not.toHaveText('0', { timeout: 20_000 });
    await memberContext.close();
  });
}

test('a scheduled notification goes out at its time without anyone clicking', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const admin = demoAccount('admin');
  await serverSession(page.context(), baseURL!, admin.email, admin.password);
  const headers = { 'content-type': 'application/json', origin: baseURL! };
  const saved = await page.request.post(`${baseURL}/api/trpc/notifications.save`, {
    data: { json: { id: null, notification: { title: { en: 'Soon', de: 'Gleich' }, body: { en: 'In a minute.', de: 'In einer Minute.' }, link: '', audience: { kind: 'people', uids: ['demo-admin'] } } } },
    headers,
  });
  expect(saved.status()).toBe(200);
  const { id } = (await saved.json()).result.data.json as { id: string };
  // The next minute at the venue, as the composer's field would say it.
  const next = new Date(Date.now() + 60_000);
  const wall = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(next).replace(' ', 'T');
  expect((await page.request.post(`${baseURL}/api/trpc/notifications.schedule`, { data: { json: { id, at: wall } }, headers })).status()).toBe(200);
  await page.goto(`/admin/notifications/${id}`);
  await expect(page.getByTestId('notification-status')).toContainText(MESSAGES.en.AdminNotifications.status.scheduled);
  // The scheduler looks every 30 seconds; the page follows the status live.
  await expect(page.getByTestId('notification-status')).toContainText(MESSAGES.en.AdminNotifications.status.sent, { timeout: 100_000 });
  await expect(page.getByRole('row', { name: new RegExp(MESSAGES.en.AdminNotifications.figures.recipients) }).getByRole('cell').first()).toHaveText('1');
});
