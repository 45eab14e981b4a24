// Push messages on a member's device, in both languages: turned on from the profile (the state
// says so, also after a reload), the service worker shows what the server sends (a notification's
// own push message as the Web Push adapter sends it and as an FCM data message carries it, and a
// generic notification for a payload it cannot read), and turned off again. Where a click on a notification leads is unit-tested
// (src/features/pwa/push-notification.test.ts): Playwright cannot click a system notification.
//
// Two stand-ins, because Chromium cannot subscribe here: it refuses push subscriptions in the
// off-the-record contexts Playwright opens ("Registration failed - permission denied"), and its
// push service is Google's, out of reach. An init script gives the page's PushManager a made-up
// subscription at Google's push service (everything after it is the app's: the server's key,
// push.register, the record, the switch); pushes reach the real service worker through the
// DevTools protocol, as a push service would deliver them.
import type { CDPSession } from '@playwright/test';
import { expect, test, type Page } from './support/test';
import { demoAccount, signInThroughForm } from './support/accounts';
import { localized, MESSAGES, TEST_LOCALES } from './support/i18n';
import { phone, untilControlled } from './support/installed-app';
import { messageFor } from '../src/features/notifications/push-message';
import { pushFields, webPushBody } from '../src/server/push/payload';

// A member's or the door's journey: on a phone, with the service worker (the default) in control.
test.use(phone('iphone'));


const member = demoAccount('user');

/** A notification as an admin writes it: the server makes each device's message of it. */
const NOTIFICATION = {
  title: { en: 'Doors open at nine', de: 'Einlass ab neun' },
  body: { en: 'Tonight in the main hall: see the programme.', de: 'Heute Abend im großen Saal: zum Programm.' },
  link: '/events',
};

/** Runs in every page before the app: a PushManager whose subscriptions live in sessionStorage. */
function fakePushService() {
  if (!('PushManager' in window)) return;
  const KEY = 'e2e:pushSubscription';
  interface Stored {
    endpoint: string;
    p256dh: string;
    auth: string;
    key: string;
  }
  const encode = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const decode = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0)).buffer;
  const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));
  const load = (): Stored | null => JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
  const subscription = (stored: Stored) =>
    ({
      endpoint: stored.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: decode(stored.key) },
      getKey: (name: string) => decode(name === 'auth' ? stored.auth : stored.p256dh),
      toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: { p256dh: stored.p256dh, auth: stored.auth } }),
      unsubscribe: async () => {
        sessionStorage.removeItem(KEY);
        return true;
      },
    }) as unknown as PushSubscription;
  PushManager.prototype.getSubscription = async function () {
    const stored = load();
    return stored ? subscription(stored) : null;
  };
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const existing = load();
    if (existing) return subscription(existing);
    const key = options?.applicationServerKey;
    const keyBytes =
      typeof key === 'string'
        ? new Uint8Array(decode(key))
        : ArrayBuffer.isView(key)
          ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength)
          : new Uint8Array(key ?? new ArrayBuffer(0));
    const stored: Stored = {
      // Where Chromium's own subscriptions point (the server registers only browsers' push
      // services); FCM knows no such token and answers a push to it 404, so nobody receives it.
      endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${encode(random(16))}`,
      p256dh: encode(new Uint8Array([4, ...random(64)])),
      auth: encode(random(16)),
      key: encode(keyBytes),
    };
    sessionStorage.setItem(KEY, JSON.stringify(stored));
    return subscription(stored);
  };
}

/** Follows the context's service worker registrations, as DevTools sees them. */
async function watchWorkerRegistrations(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) {
      if (registration.isDeleted) registrations.delete(registration.scopeURL);
      else registrations.set(registration.scopeURL, registration.registrationId);
    }
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationFor: (scope: string) => registrations.get(scope) };
}

/**
 * What a push service does with a message: hands it to the site's worker as a push event, and
 * again if the device shows nothing under `tag`. DevTools delivers without waiting for the worker
 * to take it, and on a busy machine about one delivery in ten was lost while Chromium woke or
 * stopped the worker (two browsers side by side, locally and in CI); a push service delivers
 * until the device takes the message. The tag makes a second delivery replace the first.
 */
async function deliverPush(cdp: CDPSession, page: Page, origin: string, registrationId: string, data: string, tag: string) {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
    const shown = await expect
      .poll(async () => (await shownNotifications(page, tag)).length, { timeout: 5_000 })
      .toBeGreaterThan(0)
      .then(() => true, () => false);
    if (shown) {
      // Shown after a redelivery: printed, so a run shows how often the device dropped a push.
      if (attempt > 1) test.info().annotations.push({ type: 'push redelivered', description: `shown on delivery ${attempt} of 3` });
      return;
    }
  }
  // Not shown after three deliveries: the caller's expectation of the notification fails next.
}

function shownNotifications(page: Page, tag: string) {
  return page.evaluate(async (tag) => {
    const notifications = await (await navigator.serviceWorker.ready).getNotifications({ tag });
    return notifications.map((n) => ({ title: n.title, body: n.body, tag: n.tag, lang: n.lang, icon: n.icon, badge: n.badge, data: n.data as unknown }));
  }, tag);
}

for (const locale of TEST_LOCALES) {
  const m = MESSAGES[locale];

  test(`${locale}: a member turns push on in the profile, and the service worker shows what is sent`, async ({ page, context, baseURL }) => {
    // The worker precaches the whole build in this fresh context before it is ready.
    test.setTimeout(90_000);
    const origin = new URL(baseURL!).origin;
    await context.grantPermissions(['notifications'], { origin });
    await page.addInitScript(fakePushService);
    const { cdp, registrationFor } = await watchWorkerRegistrations(page);

    await signInThroughForm(page, locale, member.email, member.password, '/vip/profile');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    const section = page.getByRole('region', { name: m.Push.heading, exact: true });
    const toggle = section.getByRole('switch', { name: m.Push.toggle });
    await expect(section.getByText(m.Push.state.off, { exact: true })).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeEnabled();
    await toggle.click();
    await expect(section.getByText(m.Push.state.on, { exact: true })).toBeVisible();
    await expect(toggle).toBeChecked();
    await expect(section.getByRole('alert')).toHaveCount(0);

    // The one thing push keeps in the browser: the registration the server confirmed.
    const record = await page.evaluate(() => JSON.parse(localStorage.getItem('pushRegistration') ?? 'null'));
    expect(record).toEqual({
      address: expect.stringMatching(/^https:\/\/fcm\.googleapis\.com\/fcm\/send\/e2e-/),
      uid: member.uid,
      lang: locale,
      registeredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    await page.reload();
    await expect(section.getByText(m.Push.state.on, { exact: true })).toBeVisible();
    await expect(toggle).toBeChecked();
    // Pushes go to the worker that controls the app, as on a phone that has had it open before.
    await untilControlled(page);

    await expect.poll(() => registrationFor(`${origin}/`), { message: 'the worker registration, as DevTools reports it' }).toBeTruthy();
    const registrationId = registrationFor(`${origin}/`)!;

    // Web Push: the server's own message of the notification, as its Web Push adapter sends it.
    const sent = messageFor('e2e', NOTIFICATION, locale);
    const words = { title: NOTIFICATION.title[locale], body: NOTIFICATION.body[locale] };
    await deliverPush(cdp, page, origin, registrationId, webPushBody(sent), sent.tag);
    await expect
      .poll(() => shownNotifications(page, sent.tag), { timeout: 15_000, message: 'the notification for the Web Push payload' })
      .toEqual([
        {
          ...words,
          tag: sent.tag,
          lang: locale,
          icon: `${origin}/icons/icon-192.png`,
          badge: `${origin}/icons/badge-96.png`,
          data: { url: `${origin}${localized(locale, '/events')}` },
        },
      ]);

    // Firebase mode: an FCM data message carries the same fields under `data` (one without a link leads to the inbox).
    const fcmSent = messageFor('e2e-fcm', { ...NOTIFICATION, link: null }, locale);
    const fcm = { data: pushFields(fcmSent), from: '1234567890', priority: 'normal', fcmMessageId: 'e2e-message' };
    await deliverPush(cdp, page, origin, registrationId, JSON.stringify(fcm), fcmSent.tag);
    await expect
      .poll(() => shownNotifications(page, fcmSent.tag), { timeout: 15_000 })
      .toMatchObject([{ ...words, tag: fcmSent.tag, lang: locale, data: { url: `${origin}${localized(locale, '/vip')}` } }]);

    // A payload that is not ours to read still shows a notification (userVisibleOnly), leading home.
    await deliverPush(cdp, page, origin, registrationId, 'not a message', 'nordlicht');
    await expect.poll(() => shownNotifications(page, 'nordlicht'), { timeout: 15_000 }).toMatchObject([{ title: 'Nordlicht', tag: 'nordlicht' }]);
    const [generic] = await shownNotifications(page, 'nordlicht');
    expect([`${origin}/`, `${origin}/de`]).toContain((generic!.data as { url: string }).url);

    // A link to another host is never followed: it leads home instead.
    await deliverPush(cdp, page, origin, registrationId, JSON.stringify({ ...pushFields(sent), url: 'https://evil.example/', tag: 'e2e-foreign' }), 'e2e-foreign');
    await expect
      .poll(() => shownNotifications(page, 'e2e-foreign'), { timeout: 15_000 })
      .toMatchObject([{ data: { url: `${origin}${localized(locale, '/')}` } }]);

    await toggle.click();
    await expect(section.getByText(m.Push.state.off, { exact: true })).toBeVisible();
    await expect(toggle).not.toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('pushRegistration'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('e2e:pushSubscription'))).toBeNull();
  });
}
