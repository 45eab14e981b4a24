// The embedded Auth emulator answers no web page but the app's (decision 012), with the headers a
// real browser sends: a page of another origin on this machine (a stand-in for any site open in
// the operator's browser; one on loopback, so Chromium's own private-network checks stay out of
// the way and only the emulator's answer decides) can neither read accounts nor create one, on
// the journal's port or the hub's; the app's own page still can. Raw requests with
// `Origin: https://evil.example` to every port: src/server/embedded-launch.test.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_EMULATOR, PROJECT_ID, signInWithPassword, uniqueEmail } from './support/emulator';
import { expect, test } from './support/test';

const HUB = `${AUTH_EMULATOR.split(':')[0]}:${Number(AUTH_EMULATOR.split(':')[1]) + 1}`;

let otherSite: Server;
let otherOrigin: string;

test.beforeAll(async () => {
  otherSite = createServer((_request, response) => response.end('<!doctype html><title>Another site</title>'));
  await new Promise<void>((done) => otherSite.listen(0, '127.0.0.1', done));
  otherOrigin = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((done) => otherSite.close(() => done())));

/** Run in the page: what each fetch gets, the body it could read or that the browser withheld it. */
const attempts = ([emulator, hub, projectId, email]: readonly [string, string, string, string]) =>
  Promise.all(
    [
      fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`, { headers: { authorization: 'Bearer owner' } }),
      fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'correct-horse-7', returnSecureToken: true }),
      }),
      fetch(`http://${hub}/emulators`),
    ].map((answer) => answer.then((response) => response.text()).catch(() => 'withheld')),
  );

test("another site's page in the operator's browser gets no account and creates none; the app's page signs up", async ({ page }) => {
  const email = uniqueEmail('other-site');
  await page.goto(otherOrigin);
  expect(await page.evaluate(attempts, [AUTH_EMULATOR, HUB, PROJECT_ID, email] as const)).toEqual(['withheld', 'withheld', 'withheld']);
  // The sign-up was never run: its preflight got no grant.
  await expect(signInWithPassword(email, 'correct-horse-7')).rejects.toThrow(/EMAIL_NOT_FOUND|USER_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);

  await page.goto('/about');
  const ownEmail = uniqueEmail('own-site');
  const signedUp = await page.evaluate(
    ([emulator, address]) =>
      fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: address, password: 'correct-horse-7', returnSecureToken: true }),
      }).then((response) => response.json() as Promise<{ email?: string }>),
    [AUTH_EMULATOR, ownEmail] as const,
  );
  expect(signedUp.email).toBe(ownEmail);
});
