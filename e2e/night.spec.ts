// The night at a glance (decision 052): a simulated night of 200 scans across two doors (members
// in, out and back, guest-list entries by name, the bar, refusals of every common kind, some at a
// full door) is drawn on /admin in both languages; the charts' tables hold the same figures as
// door.figures, and the page passes axe with them shown. The screenshots are kept with the run.
import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test } from './support/test';
import { demoAccount, serverSession } from './support/accounts';
import { MESSAGES } from './support/i18n';
import { figuresOf, openEvent, testPhone, type TestPhone } from './support/door';
import { signUp, uniqueEmail } from './support/emulator';
import { phone, readingPause, untilControlled } from './support/installed-app';
import { violationsOn } from './support/axe';

test.use(phone('android'));

const MEMBERS = 60;

/**
 * Members for the night: accounts whose membership the admin approves, each with its phone key.
 * Each member's phone is a client of its own (its own address), as at a real door, so the sign-ins
 * do not share one address's limit.
 */
async function members(browser: Browser, baseURL: string, admin: APIRequestContext): Promise<TestPhone[]> {
  const headers = { 'content-type': 'application/json', origin: baseURL };
  const one = async (index: number) => {
    const email = uniqueEmail(`night-${index}`);
    const password = 'correct-horse-7';
    await signUp(email, password);
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${index + 1}` } });
    await serverSession(context, baseURL, email, password);
    const asked = await context.request.post('/api/trpc/memberships.request', { data: { json: { note: '' } }, headers });
    expect(asked.status()).toBe(200);
    const { id } = (await asked.json()).result.data.json as { id: string };
    await context.close();
    const approved = await admin.post(`${baseURL}/api/trpc/memberships.approve`, { data: { json: { id, revision: 0 } }, headers });
    expect(approved.status()).toBe(200);
    return testPhone(browser, baseURL, { email, password }, { 'x-forwarded-for': `198.51.100.${index + 101}` });
  };
  const phones: TestPhone[] = [];
  for (let start = 0; start < MEMBERS; start += 10) phones.push(...(await Promise.all(Array.from({ length: 10 }, (_, offset) => one(start + offset)))));
  return phones;
}

test('a simulated night of 200 scans across two doors is drawn on /admin; the tables hold the figures door.figures gives, in English and German', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  const admin = await browser.newContext({ baseURL });
  const boss = demoAccount('admin');
  await serverSession(admin, baseURL!, boss.email, boss.password);
  const title = `Two doors night ${Date.now().toString(36)}`;
  // Room for the members and most guests: the last guests find the door full.
  const event = await openEvent(admin.request, baseURL!, title, { capacity: 60, drinkAllowance: 1 });
  try {
    const phones = await members(browser, baseURL!, admin.request);
    const guestList = await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        const added = await admin.request.post('/api/trpc/ticketAdmin.addGuestListEntry', {
          headers: { 'content-type': 'application/json', origin: baseURL! },
          data: { json: { eventId: event.id, name: `Guest ${index + 1}`, email: '', party: index % 3, locale: 'en' } },
        });
        expect(added.status(), await added.text()).toBe(200);
        return `ticket:${(await added.json()).result.data.json.id as string}`;
      }),
    );

    // Two door phones: the scanner at the north door, the admin's phone at the south door.
    const north = await browser.newContext({ baseURL });
    const staff = demoAccount('scanner');
    await serverSession(north, baseURL!, staff.email, staff.password);
    const doors = [
      { request: north.request, device: 'North door' },
      { request: admin.request, device: 'South door' },
    ];
    let scans = 0;
    const post = async (index: number, procedure: 'door.scan' | 'door.admit', json: Record<string, unknown>) => {
      const door = doors[index % 2]!;
      scans += 1;
      const answer = await door.request.post(`/api/trpc/${procedure}`, {
        headers: { 'content-type': 'application/json', origin: baseURL! },
        data: { json: { eventId: event.id, nonce: `night${scans.toString().padStart(5, '0')}${Date.now().toString(36)}`, device: door.device, ...json } },
      });
      expect(answer.status(), await answer.text()).toBe(200);
    };
    const scan = (index: number, mode: 'entry' | 'exit' | 'bar', code: string) => post(index, 'door.scan', { mode, code, source: 'keyboard' });
    // Everyone in (60), a third out (20) and half of those back (10), a rescan each of 15 (already in).
    for (const [index, member] of phones.entries()) await scan(index, 'entry', await member.code());
    for (const [index, member] of phones.slice(0, 20).entries()) await scan(index, 'exit', await member.code());
    for (const [index, member] of phones.slice(0, 10).entries()) await scan(index + 1, 'entry', await member.code());
    for (const [index, member] of phones.slice(30, 45).entries()) await scan(index, 'entry', await member.code());
    // Out again (20: "not inside"), the bar (30, five of them twice), old codes (10), not a pass (25).
    for (const [index, member] of phones.slice(10, 20).entries()) await scan(index, 'exit', await member.code());
    for (const [index, member] of phones.slice(10, 20).entries()) await scan(index + 1, 'exit', await member.code());
    for (const [index, member] of phones.slice(20, 45).entries()) await scan(index, 'bar', await member.code());
    // The second drink asked with the pass's next code (the same code again would be a replay).
    for (const [index, member] of phones.slice(20, 25).entries()) await scan(index, 'bar', await member.code(1));
    for (const [index, member] of phones.slice(45, 55).entries()) await scan(index, 'entry', await member.code(-4));
    for (let index = 0; index < 25; index++) await scan(index, 'entry', `https://example.org/not-a-pass-${index}`);
    // The guest list by name (10 entries, 20 people): the last find the door full.
    for (const [index, key] of guestList.entries()) await post(index, 'door.admit', { uid: key });
    expect(scans).toBe(200);

    const figures = await figuresOf(admin, event.id);
    for (const locale of ['en', 'de'] as const) {
      const m = MESSAGES[locale];
      const dashboard = page;
      if (locale === 'en') await serverSession(dashboard.context(), baseURL!, boss.email, boss.password);
      await dashboard.goto(`${locale === 'en' ? '' : '/de'}/admin`);
      await untilControlled(dashboard);
      const panel = dashboard.getByRole('region', { name: m.AdminDoor.tonightHeading.replace('{event}', title) });
      const night = panel.getByTestId('night');
      await expect(night.getByRole('heading', { name: m.AdminDoor.night.heading })).toBeVisible();
      await readingPause(dashboard);
      for (const summary of await night.getByText(m.AdminDoor.night.showTable).all()) await summary.click();
      const table = async (id: string) =>
        night.getByTestId(id).evaluate((element) => [...element.querySelectorAll('tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent!.trim())));
      const arrivals = await table('night-arrivals-table');
      const inside = await table('night-inside-table');
      const number = (text: string) => Number(text.replace(/[.,\s]/g, ''));
      // Arrivals: the total row's last cell is everyone admitted; its door columns add up to it.
      const totals = arrivals.at(-1)!;
      expect(number(totals.at(-1)!)).toBe(figures.admitted);
      expect(totals.slice(1, -1).reduce((sum, cell) => sum + number(cell), 0)).toBe(figures.admitted);
      expect(arrivals[0]!.slice(1, -1).sort()).toEqual(['North door', 'South door']);
      // Inside: the last step's members, guests and total are who is inside now.
      const last = inside.at(-1)!;
      expect(last.slice(1).map(number)).toEqual([figures.inside - figures.guests.inside, figures.guests.inside, figures.inside]);
      expect(await violationsOn(dashboard), `axe on /admin with the night, ${locale}`).toEqual([]);
      await panel.screenshot({ path: test.info().outputPath(`night-admin-${locale}.png`) });
    }
    // Refusals of every kind the night had, as door.figures counts them.
    expect(figures.refused).toMatchObject({ alreadyAdmitted: 15, notInside: 20, noDrinksLeft: 5, invalid: 25, expiredCode: 10, full: expect.any(Number) });
    expect(figures.admitted).toBeGreaterThan(60);
    await north.close();
  } finally {
    await event.unpublish();
    await admin.close();
  }
});
