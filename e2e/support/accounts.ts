// Signing in for tests: the demo accounts of the embedded backend, and a server session made
// without the UI for tests that are about something else.
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, type DemoAccount } from '../../src/app/_server/demo/demo-accounts';
import { signInWithPassword } from './emulator';
import { MESSAGES, type TestLocale, localized } from './i18n';

export type IdentityName = 'admin' | 'scanner' | 'user' | 'none';

export function demoAccount(name: IdentityName): DemoAccount {
  const account = DEMO_ACCOUNTS.find((candidate) => (candidate.role ?? 'none') === name);
  if (!account) throw new Error(`No demo account for ${name}`);
  return account;
}

/** Starts a server session in this browser context (cookies only; the page's Firebase stays signed out). */
export async function serverSession(context: BrowserContext, baseURL: string, email: string, password: string) {
  const { idToken } = await signInWithPassword(email, password);
  const response = await context.request.post('/api/session', { data: { idToken }, headers: { origin: baseURL } });
  expect(response.status()).toBe(200);
}

/** Signs in through /login as a person would, and waits until the return page (a path, and maybe a query) has loaded. */
export async function signInThroughForm(page: Page, locale: TestLocale, email: string, password: string, from = '/') {
  const m = MESSAGES[locale];
  await page.goto(localized(locale, '/login') + (from === '/' ? '' : `?next=${encodeURIComponent(localized(locale, from))}`));
  await page.getByLabel(m.Auth.email).fill(email);
  await page.getByLabel(m.Auth.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: m.Auth.submit.signIn, exact: true }).click();
  const returnPath = new URL(localized(locale, from), 'http://return.invalid').pathname;
  await page.waitForURL((url) => url.pathname === returnPath);
  // The server knows the person; a desktop header says so (a phone's keeps "Sign out" in its menu).
  expect((await page.request.get('/api/trpc/identity.me')).status()).toBe(200);
  if ((page.viewportSize()?.width ?? DESKTOP_WIDTH) >= DESKTOP_WIDTH) await expect(page.getByRole('button', { name: m.Nav.signOut }).first()).toBeAttached();
}

/** The specification's `lg` breakpoint: below it the header is a phone's, with a menu. */
const DESKTOP_WIDTH = 1280;

/** On a phone the header keeps the account and the navigation in its menu: opens it there; nothing on a desktop. */
export async function openPhoneMenu(page: Page, locale: TestLocale): Promise<void> {
  if ((page.viewportSize()?.width ?? DESKTOP_WIDTH) >= DESKTOP_WIDTH) return;
  await page.getByRole('button', { name: MESSAGES[locale].Nav.openMenu }).click();
}
