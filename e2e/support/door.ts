// What the door tests need behind the app: pass codes made as the member's phone makes them (a key
// pair of the test's own, registered as the phone registers its key, signing NL3 codes, or NL2 as a
// phone that has not updated does; and the
// retired NL1 codes, derived from the server's master key in DATA_DIR as
// src/features/door/pass-keys.ts does), fresh members, and a camera picture for Chromium's fake
// webcam (a Y4M file, written here: no ffmpeg needed); a door phone with the scanner open, an event
// whose door is open, its figures as the admins read them.
import { createHmac, hkdfSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { demoAccount, serverSession } from './accounts';
import { MESSAGES } from './i18n';
import { phone, untilControlled } from './installed-app';
import { signUp, uniqueEmail } from './emulator';
import { base64url, formatPassCode, lowS, PASS_SIGNATURE_ALGORITHM, signedMessage } from '../../src/features/door/pass-code';

export const OPEN_EVENT = 'demo-event-open-house';

function masterKey(): Buffer {
  if (process.env.E2E_PASS_SIGNING_KEY) return Buffer.from(process.env.E2E_PASS_SIGNING_KEY, 'base64url');
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it for the server it starts).');
  return Buffer.from(readFileSync(join(dataDir, 'pass-signing-key'), 'utf8').trim(), 'base64url');
}

export function passIdFor(uid: string, master = masterKey()): string {
  return createHmac('sha256', master).update(`pass-id.${uid}`).digest().subarray(0, 12).toString('base64url');
}

/** The retired NL1 code a phone holding the server-derived key shows (a pass without a phone key). */
export function passCode(uid: string, stepsFromNow = 0, version = 1, master = masterKey()): string {
  const passId = passIdFor(uid, master);
  const step = Math.floor(Date.now() / 30_000) + stepsFromNow;
  const key = Buffer.from(hkdfSync('sha256', master, 'nordlicht-pass-v1', `${passId}.${version}`, 32));
  const mac = createHmac('sha256', key).update(`${version}.${passId}.${step}`).digest().subarray(0, 12).toString('base64url');
  return `NL1.${passId}.${step}.${mac}`;
}

/** `hours` from now as the event form takes a time: venue time (Europe/Berlin), to the minute. */
export function venueWallTime(hours: number): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(Date.now() + hours * 3_600_000))
    .replace(' ', 'T');
}

/**
 * A published event whose door is open now (doors `doorsHoursAgo` ago), made through the admin's
 * procedures with `admin` (a request context signed in as an admin). `unpublish` takes it off
 * the programme and the door again.
 */
export async function openEvent(
  admin: APIRequestContext,
  baseURL: string,
  title: string,
  {
    capacity = 50,
    doorsHoursAgo = 0.5,
    startsInHours = 1,
    drinkAllowance = 1,
    publicTickets = 0,
  }: { capacity?: number; doorsHoursAgo?: number; startsInHours?: number; drinkAllowance?: number; publicTickets?: number } = {},
): Promise<{ id: string; unpublish: () => Promise<void> }> {
  const headers = { 'content-type': 'application/json', origin: baseURL };
  const created = await admin.post(`${baseURL}/api/trpc/events.create`, {
    headers,
    data: {
      json: {
        slug: '',
        title: { en: title, de: title },
        summary: { en: 'A night at the door of the tests.', de: 'Ein Abend an der Tür der Tests.' },
        description: { en: '', de: '' },
        doorsAt: venueWallTime(-doorsHoursAgo),
        startsAt: venueWallTime(startsInHours),
        endsAt: venueWallTime(startsInHours + 4),
        venue: { name: 'Nordlicht', address: 'Kaistraße 7' },
        capacity,
        drinkAllowance,
        publicTickets,
        coverImageId: null,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const id = (await created.json()).result.data.json.id as string;
  const status = (action: 'publish' | 'unpublish') => admin.post(`${baseURL}/api/trpc/events.changeStatus`, { headers, data: { json: { id, action } } });
  expect((await status('publish')).status()).toBe(200);
  return {
    id,
    unpublish: async () => {
      await status('unpublish');
    },
  };
}

/** A phone of the member's: its own key pair, registered; signs the codes its pass page would show. */
export interface TestPhone {
  passId: string;
  version: number;
  /** The code of the window `stepsFromNow` windows from now: NL3 as the phone shows it, or NL2 as a phone that has not updated does. */
  code(stepsFromNow?: number, format?: 'NL3' | 'NL2'): Promise<string>;
}

/** Registers a new phone key for `member` (as their pass page does on its first visit). */
export async function testPhone(browser: Browser, baseURL: string, member: { email: string; password: string }, headers: Record<string, string> = {}): Promise<TestPhone> {
  // `headers`: the phone as a client of its own (x-forwarded-for), where a test signs many in.
  const context = await browser.newContext({ extraHTTPHeaders: headers });
  await serverSession(context, baseURL, member.email, member.password);
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64url');
  const registered = await context.request.post(`${baseURL}/api/trpc/pass.register`, { data: { json: { publicKey } }, headers: { 'content-type': 'application/json', origin: baseURL } });
  expect(registered.status(), await registered.text()).toBe(200);
  const { passId, version } = (await registered.json()).result.data.json as { passId: string; version: number };
  await context.close();
  return {
    passId,
    version,
    async code(stepsFromNow = 0, format: 'NL3' | 'NL2' = 'NL3') {
      const step = Math.floor(Date.now() / 30_000) + stepsFromNow;
      const signature = await crypto.subtle.sign(PASS_SIGNATURE_ALGORITHM, pair.privateKey, new TextEncoder().encode(signedMessage(format, version, passId, step)));
      // In the low-S form, as the phone writes it: the door accepts no other (decision 042).
      return formatPassCode({ format, passId, step, signature: base64url(lowS(new Uint8Array(signature))) });
    },
  };
}

/** A new account with a membership an admin approved, signed in nowhere. */
export async function newMember(browser: Browser, baseURL: string, label: string) {
  const email = uniqueEmail(label);
  const password = 'correct-horse-7';
  const { localId: uid } = await signUp(email, password);
  const person = await browser.newContext();
  await serverSession(person, baseURL, email, password);
  const headers = { 'content-type': 'application/json', origin: baseURL };
  const asked = await person.request.post(`${baseURL}/api/trpc/memberships.request`, { data: { json: { note: '' } }, headers });
  expect(asked.status()).toBe(200);
  const { id } = (await asked.json()).result.data.json as { id: string };
  await person.close();
  const admin = await browser.newContext();
  const account = demoAccount('admin');
  await serverSession(admin, baseURL, account.email, account.password);
  const approved = await admin.request.post(`${baseURL}/api/trpc/memberships.approve`, { data: { json: { id, revision: 0 } }, headers });
  expect(approved.status()).toBe(200);
  await admin.close();
  return { uid, email, password };
}

/**
 * A Y4M video (what Chromium's --use-file-for-fake-video-capture plays, in a loop) of a picture
 * held up to the camera: the picture centred on a grey background, 640x480.
 */
export async function fakeCameraVideo(picture: Buffer, file: string): Promise<void> {
  const width = 640;
  const height = 480;
  const side = 360;
  const inner = await sharp(picture).resize(side, side, { fit: 'contain', background: '#ffffff' }).toBuffer();
  const rgb = await sharp({ create: { width, height, channels: 3, background: '#6b6b6b' } })
    .composite([{ input: inner, left: (width - side) / 2, top: (height - side) / 2 }])
    .removeAlpha()
    .raw()
    .toBuffer();
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const at = (row * width + col) * 3;
      const [r, g, b] = [rgb[at]!, rgb[at + 1]!, rgb[at + 2]!];
      y[row * width + col] = Math.round(0.257 * r + 0.504 * g + 0.098 * b + 16);
      if (row % 2 === 0 && col % 2 === 0) {
        const c = (row / 2) * (width / 2) + col / 2;
        u[c] = Math.round(-0.148 * r - 0.291 * g + 0.439 * b + 128);
        v[c] = Math.round(0.439 * r - 0.368 * g - 0.071 * b + 128);
      }
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]));
}

/** A door phone: signed in as `account`, its door named, the scanner open for the event with its list, the worker in control. */
export async function doorPhone(browser: Browser, baseURL: string, account: 'scanner' | 'admin', eventId: string, door: string, locale: 'en' | 'de' = 'en') {
  const m = MESSAGES[locale];
  const context = await browser.newContext({ ...phone('android'), baseURL });
  const { email, password } = demoAccount(account);
  await serverSession(context, baseURL, email, password);
  const page = await context.newPage();
  const prefix = locale === 'en' ? '' : `/${locale}`;
  await page.goto(`${prefix}/scanner?event=${eventId}&mode=entry`);
  await untilControlled(page);
  await page.getByLabel(m.Scanner.doorName).fill(door);
  const status = page.locator('[data-online]');
  await expect(status).toContainText(locale === 'en' ? /list from \d\d:\d\d/ : /Liste von \d\d:\d\d/);
  return { context, page, status, verdict: page.getByTestId('verdict'), field: page.getByLabel(m.Scanner.keyboardLabel) };
}

/** An admin (a request context of their own) and a new event of the test's, its door open now. */
export async function eventWithOpenDoor(browser: Browser, baseURL: string, title: string) {
  const adminContext = await browser.newContext({ baseURL });
  const admin = demoAccount('admin');
  await serverSession(adminContext, baseURL, admin.email, admin.password);
  return { adminContext, event: await openEvent(adminContext.request, baseURL, title) };
}

/** The event's door figures as the admins' `door.figures` gives them. */
export async function figuresOf(adminContext: BrowserContext, eventId: string) {
  const answer = await adminContext.request.get(`/api/trpc/door.figures?input=${encodeURIComponent(JSON.stringify({ json: { eventId } }))}`);
  return (await answer.json()).result.data.json;
}

/** A code typed into the scanner's field as a hardware scanner types it. */
export async function scanCode(page: Page, field: ReturnType<Page['getByLabel']>, code: string) {
  await field.fill(code);
  await field.press('Enter');
}

/**
 * Reopens the scanner and waits until it holds a newer door list than it had: the page restores its
 * stored list first, then asks for the next.
 */
export async function reopenForNewerList(door: { page: Page; status: Locator }) {
  const listAt = await door.status.getAttribute('data-list-at');
  await door.page.reload();
  await expect(door.status).toHaveAttribute('data-list-at', /./);
  await expect(door.status).not.toHaveAttribute('data-list-at', listAt!);
}
