// Push messages on this device: asking the browser, subscribing through the app's service worker
// (Web Push with the server's VAPID key, or an FCM token in Firebase mode, whose SDK is loaded
// only then) and telling the server; on every start, registering again when that is due.
// Browser code only: it imports no server module (zod or node: code breaks the page's CSP).
//
// What this stores, the only thing push keeps in the browser: one localStorage entry,
// `pushRegistration`, holding { address, endpoint?, uid, lang, registeredAt } of the registration
// the server confirmed: what to tell the server to forget, the subscription behind an FCM token
// (to see it change), whose device it is, the language of its messages and when it was
// registered (to register again after 7 days). No keys: the browser keeps the subscription.
import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '@/app/_server/router';
import { isLocale, type Locale } from '@/i18n/routing';
import { PUSH_RECORD_KEY, PUSH_REFRESH_DAYS, PUSH_REGISTRATION_TIMEOUT_MS } from '../constants';

/** Where push stands in this browser: unsupported, or the permission for notifications. */
export type PushSupport = 'unsupported' | 'default' | 'granted' | 'denied';

/** Why push could not be turned on or kept up; each has its message in the Push namespace. */
export type PushFailure =
  /** This browser has no push (on iPhone and iPad: not added to the home screen). */
  | 'unsupported'
  /** The person or the browser's settings block notifications for this site. */
  | 'denied'
  /** The browser's question was closed without an answer. */
  | 'dismissed'
  /** Not done within the specification's 10 seconds. */
  | 'timeout'
  /** The service worker, the browser or its push service refused the subscription. */
  | 'subscription'
  /** Our server refused the registration or could not be reached. */
  | 'server';

export type PushResult = { ok: true } | { ok: false; reason: PushFailure; error?: unknown };

export type RefreshOutcome =
  /** Push is not on for this person here: nothing to keep up. */
  | { status: 'off' }
  /** Registered less than 7 days ago, with the same subscription and language. */
  | { status: 'current' }
  | { status: 'registered' }
  | { status: 'failed'; reason: PushFailure; error?: unknown };

/** The push procedures, as the tRPC client of `trpc.useUtils().client` offers them. */
export type PushClient = Pick<TRPCClient<AppRouter>, 'push'>;

/** Whose device it is and the language of the messages it gets. */
export interface PushAccount {
  uid: string;
  lang: Locale;
}

export interface PushRecord {
  /** What push.unregister takes: the subscription's endpoint (Web Push) or the FCM token. */
  address: string;
  /** FCM only: the endpoint of the push subscription the token stands for. */
  endpoint?: string;
  uid: string;
  lang: Locale;
  /** When the server registered it (ISO 8601). */
  registeredAt: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function pushSupport(): PushSupport {
  if (
    typeof window === 'undefined' ||
    !window.isSecureContext ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return Notification.permission;
}

/** Whether this person turned push on here and the browser still holds the subscription. */
export async function isPushOn(uid: string, storage: Storage = localStorage): Promise<boolean> {
  if (pushSupport() !== 'granted' || readPushRecord(storage)?.uid !== uid) return false;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    return Boolean(await registration?.pushManager.getSubscription());
  } catch {
    return false;
  }
}

/**
 * Turns push on: the browser's question, then the subscription and the server's registration.
 * Call it only from a click: browsers ignore or hold against a site a question nobody asked for.
 */
export async function enablePush(client: PushClient, account: PushAccount, storage: Storage = localStorage): Promise<PushResult> {
  if (pushSupport() === 'unsupported') return { ok: false, reason: 'unsupported' };
  let permission: NotificationPermission;
  try {
    permission = await Notification.requestPermission();
  } catch (error) {
    return { ok: false, reason: 'unsupported', error };
  }
  if (permission === 'denied') return { ok: false, reason: 'denied' };
  if (permission !== 'granted') return { ok: false, reason: 'dismissed' };
  // The time the person took to answer does not count towards the 10 seconds.
  return registerWithin(client, account, storage, 'enable');
}

/**
 * Turns push off: the server forgets the device, the browser ends the subscription (in Firebase
 * mode that ends the FCM token's pushes as well, without loading the SDK). Either step alone
 * stops the messages, so it fails only when both do.
 */
export async function disablePush(client: PushClient, storage: Storage = localStorage): Promise<PushResult> {
  const record = readPushRecord(storage);
  let subscription: PushSubscription | null = null;
  try {
    subscription = (await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription()) ?? null;
  } catch {
    // No worker, no subscription: the server's side below is what is left to end.
  }
  const address = record?.address ?? subscription?.endpoint;
  let serverError: unknown = null;
  if (address) {
    try {
      await client.push.unregister.mutate({ address });
    } catch (error) {
      serverError = error;
    }
  }
  let unsubscribed: boolean;
  try {
    unsubscribed = (await subscription?.unsubscribe()) ?? true;
  } catch {
    unsubscribed = false;
  }
  writePushRecord(storage, null);
  // The server still has the device but the push service now refuses it: the server forgets a
  // device the first time a push to it comes back as gone.
  if (serverError && !unsubscribed) return { ok: false, reason: 'server', error: serverError };
  return { ok: true };
}

/**
 * Keeps the registration of a person who turned push on here up to date; run on every start while
 * signed in. Registers again when the last registration is 7 days old or older, or when the
 * subscription or the language changed. Never throws.
 */
export async function refreshPushRegistration(
  client: PushClient,
  account: PushAccount,
  storage: Storage = localStorage,
  now = Date.now(),
  options: { onlyWhenDue?: boolean } = {},
): Promise<RefreshOutcome> {
  const record = readPushRecord(storage);
  if (!record) return { status: 'off' };
  try {
    if (pushSupport() === 'unsupported') return { status: 'off' };
    const registration = await withTimeout(navigator.serviceWorker.ready);
    if (registration === TIMED_OUT) return { status: 'failed', reason: 'timeout' };
    const subscription = await registration.pushManager.getSubscription();
    if (record.uid !== account.uid) {
      // Someone else turned push on here and did not sign out: their messages must not reach the
      // person using the device now. Ending the subscription makes the push service refuse them,
      // and the server then forgets that device; this person turns push on for themselves.
      await subscription?.unsubscribe();
      writePushRecord(storage, null);
      return { status: 'off' };
    }
    if (Notification.permission !== 'granted') {
      // Blocked in the browser's settings since: the subscription went with the permission.
      writePushRecord(storage, null);
      await client.push.unregister.mutate({ address: record.address });
      return { status: 'off' };
    }
    // The specification: a device registers on every start, and again once its registration is
    // 7 days old; a tab left open for days gets the second from PushRefresh's daily check.
    if (options.onlyWhenDue && !registrationDue(record, account, subscription?.endpoint ?? null, now)) return { status: 'current' };
    const result = await registerWithin(client, account, storage, 'refresh');
    return result.ok ? { status: 'registered' } : { status: 'failed', reason: result.reason, error: result.error };
  } catch (error) {
    return { status: 'failed', reason: 'server', error };
  }
}

/**
 * Whether the device must register again: 7 days after the last registration, or at once when
 * the browser's subscription is gone or another one (the push service replaced it), or the
 * person's language changed (the server writes each device's messages in its language).
 */
export function registrationDue(record: PushRecord, account: PushAccount, endpoint: string | null, now: number): boolean {
  if (!endpoint || (record.endpoint ?? record.address) !== endpoint) return true;
  if (record.lang !== account.lang) return true;
  const registeredAt = Date.parse(record.registeredAt);
  return !Number.isFinite(registeredAt) || now - registeredAt >= PUSH_REFRESH_DAYS * DAY_MS;
}

export function readPushRecord(storage: Storage): PushRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(PUSH_RECORD_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { address, endpoint, uid, lang, registeredAt } = value as Record<string, unknown>;
  if (typeof address !== 'string' || typeof uid !== 'string' || typeof registeredAt !== 'string') return null;
  if (!isLocale(lang)) return null;
  return { address, ...(typeof endpoint === 'string' ? { endpoint } : {}), uid, lang, registeredAt };
}

function writePushRecord(storage: Storage, record: PushRecord | null): void {
  try {
    if (record) storage.setItem(PUSH_RECORD_KEY, JSON.stringify(record));
    else storage.removeItem(PUSH_RECORD_KEY);
  } catch {
    // Without storage push still works; only the 7-day refresh waits for storage to return.
  }
}

/** A step's failure, named by what failed: the subscription's side or our server's. */
class PushStepError extends Error {
  constructor(
    readonly reason: 'subscription' | 'server',
    cause: unknown,
  ) {
    super(`Push: the ${reason} step failed`, { cause });
  }
}

async function step<T>(reason: 'subscription' | 'server', work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new PushStepError(reason, error);
  }
}

const TIMED_OUT = Symbol('timed out');

function withTimeout<T>(work: Promise<T>): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), PUSH_REGISTRATION_TIMEOUT_MS);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Subscribes (or keeps the subscription) and registers it, within the 10 seconds. Work that goes
 * on after the time-out must not leave a device registered that the person was told failed: it
 * stops before registering, and a registration it had already sent is taken back (only when
 * turning push on; a refresh that finishes late is as good as one on time).
 */
async function registerWithin(client: PushClient, account: PushAccount, storage: Storage, purpose: 'enable' | 'refresh'): Promise<PushResult> {
  const abandoned = new AbortController();
  const work = register(client, account, storage, abandoned.signal, purpose === 'enable').then(
    (): PushResult => ({ ok: true }),
    (error: unknown): PushResult =>
      error instanceof PushStepError ? { ok: false, reason: error.reason, error: error.cause } : { ok: false, reason: 'server', error },
  );
  const result = await withTimeout(work);
  if (result !== TIMED_OUT) return result;
  abandoned.abort();
  return { ok: false, reason: 'timeout' };
}

async function register(client: PushClient, account: PushAccount, storage: Storage, abandoned: AbortSignal, takeBackLate: boolean): Promise<void> {
  const registration = await step('subscription', () => navigator.serviceWorker.ready);
  const config = await step('server', () => client.push.config.query());
  abandoned.throwIfAborted();
  const device = await step('subscription', () =>
    config.kind === 'fcm' ? fcmDevice(registration, config.vapidPublicKey) : webPushDevice(registration, config.vapidPublicKey),
  );
  abandoned.throwIfAborted();
  const { registeredAt } = await step('server', () => client.push.register.mutate({ target: device.target, lang: account.lang }));
  if (abandoned.aborted && takeBackLate) {
    // Reported as failed already; what is left to do is to make that true.
    await client.push.unregister.mutate({ address: device.address }).catch(() => undefined);
    return;
  }
  const previous = readPushRecord(storage);
  writePushRecord(storage, {
    address: device.address,
    ...(device.endpoint && device.endpoint !== device.address ? { endpoint: device.endpoint } : {}),
    uid: account.uid,
    lang: account.lang,
    registeredAt: registeredAt.toISOString(),
  });
  // A replaced subscription or token: the server need not keep trying the old one.
  if (previous && previous.uid === account.uid && previous.address !== device.address) {
    await client.push.unregister.mutate({ address: previous.address }).catch(() => undefined);
  }
}

type Target = Parameters<PushClient['push']['register']['mutate']>[0]['target'];

interface Device {
  target: Target;
  address: string;
  endpoint?: string;
}

async function webPushDevice(registration: ServiceWorkerRegistration, vapidPublicKey: string | null): Promise<Device> {
  if (!vapidPublicKey) throw new Error('The server has no VAPID public key.');
  const key = base64UrlBytes(vapidPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    // Made with a key the server no longer signs with: it can never receive our pushes again.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The browser gave a push subscription without its keys.');
  return { target: { kind: 'webpush', endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }, address: endpoint };
}

/** Firebase mode: an FCM token for the app's own worker (the SDK subscribes through it). */
async function fcmDevice(registration: ServiceWorkerRegistration, vapidPublicKey: string | null): Promise<Device> {
  const [{ firebaseApp }, messaging] = await Promise.all([import('@/firebase-client/firebase-web'), import('firebase/messaging')]);
  if (!(await messaging.isSupported())) throw new Error('Firebase Cloud Messaging does not work in this browser.');
  // Without a key of our own, the SDK subscribes with Firebase's default one.
  const token = await messaging.getToken(messaging.getMessaging(firebaseApp()), {
    serviceWorkerRegistration: registration,
    ...(vapidPublicKey ? { vapidKey: vapidPublicKey } : {}),
  });
  const subscription = await registration.pushManager.getSubscription();
  return { target: { kind: 'fcm', token }, address: token, endpoint: subscription?.endpoint };
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameBytes(buffer: ArrayBuffer | null, bytes: Uint8Array): boolean {
  if (!buffer || buffer.byteLength !== bytes.length) return false;
  const view = new Uint8Array(buffer);
  return view.every((byte, index) => byte === bytes[index]);
}
