// The browser's side of push against a stand-in browser: the permission, the worker and its push
// subscription are fakes, the tRPC client records its calls.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_RECORD_KEY, PUSH_REFRESH_DAYS, PUSH_REGISTRATION_TIMEOUT_MS } from '../constants';
import {
  disablePush,
  enablePush,
  isPushOn,
  pushSupport,
  readPushRecord,
  refreshPushRegistration,
  registrationDue,
  type PushClient,
  type PushRecord,
} from './push-registration';

// A P-256 public key's shape (65 bytes, base64url); push services check it, these fakes do not.
const VAPID_KEY = `BA${'A'.repeat(85)}`;
const OTHER_KEY = `BB${'B'.repeat(85)}`;
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-21T20:00:00Z');
const member = { uid: 'demo-member', lang: 'de' } as const;

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

function bytes(base64url: string): ArrayBuffer {
  return Uint8Array.from(Buffer.from(base64url, 'base64url')).buffer;
}

class FakeSubscription {
  unsubscribed = false;
  constructor(
    readonly endpoint: string,
    readonly key: string,
  ) {}
  get options() {
    return { userVisibleOnly: true, applicationServerKey: bytes(this.key) };
  }
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } };
  }
  async unsubscribe() {
    this.unsubscribed = true;
    browser.subscription = null;
    return true;
  }
}

/** The stand-in browser's state, set per test. */
const browser = {
  permission: 'default' as NotificationPermission,
  answer: 'granted' as NotificationPermission,
  workerReady: true,
  subscription: null as FakeSubscription | null,
  subscribed: [] as string[],
};

function installBrowser() {
  const registration = {
    pushManager: {
      getSubscription: async () => browser.subscription,
      subscribe: async (options: { applicationServerKey: Uint8Array }) => {
        const key = Buffer.from(options.applicationServerKey).toString('base64url');
        browser.subscribed.push(key);
        browser.subscription = new FakeSubscription(`https://push.example/send/${browser.subscribed.length}`, key);
        return browser.subscription;
      },
    },
  };
  vi.stubGlobal('window', { isSecureContext: true, PushManager: class {}, Notification: class {} });
  vi.stubGlobal('Notification', {
    get permission() {
      return browser.permission;
    },
    requestPermission: async () => (browser.permission = browser.answer),
  });
  vi.stubGlobal('navigator', {
    serviceWorker: {
      get ready() {
        return browser.workerReady ? Promise.resolve(registration) : new Promise(() => {});
      },
      getRegistration: async () => (browser.workerReady ? registration : undefined),
    },
  });
}

function fakeClient(options: { registerDelayMs?: number; failRegister?: boolean; vapidPublicKey?: string } = {}) {
  const calls: { register: unknown[]; unregister: string[] } = { register: [], unregister: [] };
  const client = {
    push: {
      config: { query: async () => ({ kind: 'webpush' as const, vapidPublicKey: options.vapidPublicKey ?? VAPID_KEY }) },
      register: {
        mutate: async (input: unknown) => {
          if (options.registerDelayMs) await new Promise((resolve) => setTimeout(resolve, options.registerDelayMs));
          if (options.failRegister) throw new Error('refused');
          calls.register.push(input);
          return { registeredAt: new Date(NOW) };
        },
      },
      unregister: {
        mutate: async ({ address }: { address: string }) => {
          calls.unregister.push(address);
        },
      },
    },
  } as unknown as PushClient;
  return { client, calls };
}

function record(overrides: Partial<PushRecord> = {}): PushRecord {
  return { address: 'https://push.example/send/1', uid: member.uid, lang: member.lang, registeredAt: new Date(NOW - DAY).toISOString(), ...overrides };
}

beforeEach(() => {
  Object.assign(browser, { permission: 'default', answer: 'granted', workerReady: true, subscription: null, subscribed: [] });
  installBrowser();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('pushSupport', () => {
  it('is the permission where push exists, and unsupported elsewhere (iOS outside the home screen)', () => {
    browser.permission = 'denied';
    expect(pushSupport()).toBe('denied');
    vi.stubGlobal('window', { isSecureContext: true, Notification: class {} });
    expect(pushSupport()).toBe('unsupported');
  });
});

describe('enablePush', () => {
  it('subscribes with the server’s key, registers the device in the page’s language and remembers it', async () => {
    const storage = memoryStorage();
    const { client, calls } = fakeClient();
    expect(await enablePush(client, member, storage)).toEqual({ ok: true });
    expect(browser.subscribed).toEqual([VAPID_KEY]);
    expect(calls.register).toEqual([
      { target: { kind: 'webpush', endpoint: 'https://push.example/send/1', keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }, lang: 'de' },
    ]);
    expect(JSON.parse(storage.getItem(PUSH_RECORD_KEY)!)).toEqual({
      address: 'https://push.example/send/1',
      uid: 'demo-member',
      lang: 'de',
      registeredAt: new Date(NOW).toISOString(),
    });
    expect(await isPushOn('demo-member', storage)).toBe(true);
    expect(await isPushOn('someone-else', storage)).toBe(false);
  });

  it('says why when the person blocks or dismisses the question, and registers nothing', async () => {
    const { client, calls } = fakeClient();
    browser.answer = 'denied';
    expect(await enablePush(client, member, memoryStorage())).toEqual({ ok: false, reason: 'denied' });
    browser.permission = 'default';
    browser.answer = 'default';
    expect(await enablePush(client, member, memoryStorage())).toEqual({ ok: false, reason: 'dismissed' });
    expect(calls.register).toEqual([]);
  });

  it('replaces a subscription made with a key the server no longer uses', async () => {
    browser.subscription = new FakeSubscription('https://push.example/old', OTHER_KEY);
    const old = browser.subscription;
    const { client, calls } = fakeClient();
    expect(await enablePush(client, member, memoryStorage())).toEqual({ ok: true });
    expect(old.unsubscribed).toBe(true);
    expect(calls.register).toHaveLength(1);
    expect(browser.subscription?.key).toBe(VAPID_KEY);
  });

  it('fails after 10 seconds without a worker, and registers nothing', async () => {
    vi.useFakeTimers();
    browser.workerReady = false;
    const storage = memoryStorage();
    const { client, calls } = fakeClient();
    const result = enablePush(client, member, storage);
    await vi.advanceTimersByTimeAsync(PUSH_REGISTRATION_TIMEOUT_MS - 1);
    let settled = false;
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual({ ok: false, reason: 'timeout' });
    expect(calls.register).toEqual([]);
    expect(storage.getItem(PUSH_RECORD_KEY)).toBeNull();
  });

  it('takes back a registration the server confirms only after the time-out', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const { client, calls } = fakeClient({ registerDelayMs: PUSH_REGISTRATION_TIMEOUT_MS + 5_000 });
    const result = enablePush(client, member, storage);
    await vi.advanceTimersByTimeAsync(PUSH_REGISTRATION_TIMEOUT_MS);
    expect(await result).toEqual({ ok: false, reason: 'timeout' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls.register).toHaveLength(1);
    expect(calls.unregister).toEqual(['https://push.example/send/1']);
    expect(storage.getItem(PUSH_RECORD_KEY)).toBeNull();
  });

  it('names the server when it refuses the registration', async () => {
    const { client } = fakeClient({ failRegister: true });
    const result = await enablePush(client, member, memoryStorage());
    expect(result).toMatchObject({ ok: false, reason: 'server' });
  });
});

describe('disablePush', () => {
  it('has the server forget the device, ends the subscription and the record', async () => {
    const storage = memoryStorage();
    const { client, calls } = fakeClient();
    await enablePush(client, member, storage);
    const subscription = browser.subscription!;
    expect(await disablePush(client, storage)).toEqual({ ok: true });
    expect(calls.unregister).toEqual(['https://push.example/send/1']);
    expect(subscription.unsubscribed).toBe(true);
    expect(storage.getItem(PUSH_RECORD_KEY)).toBeNull();
    expect(await isPushOn('demo-member', storage)).toBe(false);
  });
});

describe('refreshPushRegistration', () => {
  function signedUp(storage: Storage, stored: PushRecord) {
    browser.permission = 'granted';
    browser.subscription = new FakeSubscription(stored.endpoint ?? stored.address, VAPID_KEY);
    storage.setItem(PUSH_RECORD_KEY, JSON.stringify(stored));
  }

  it('does nothing where push was never turned on', async () => {
    browser.permission = 'granted';
    const { client, calls } = fakeClient();
    expect(await refreshPushRegistration(client, member, memoryStorage(), NOW)).toEqual({ status: 'off' });
    expect(calls).toEqual({ register: [], unregister: [] });
  });

  it('registers on every start; the daily check of an open app leaves one younger than 7 days alone', async () => {
    const storage = memoryStorage();
    signedUp(storage, record({ registeredAt: new Date(NOW - PUSH_REFRESH_DAYS * DAY + 60_000).toISOString() }));
    const { client, calls } = fakeClient();
    expect(await refreshPushRegistration(client, member, storage, NOW, { onlyWhenDue: true })).toEqual({ status: 'current' });
    expect(calls.register).toEqual([]);
    expect(await refreshPushRegistration(client, member, storage, NOW)).toEqual({ status: 'registered' });
    expect(calls.register).toHaveLength(1);
  });

  it('registers again after 7 days, keeping the subscription', async () => {
    const storage = memoryStorage();
    signedUp(storage, record({ registeredAt: new Date(NOW - PUSH_REFRESH_DAYS * DAY).toISOString() }));
    const { client, calls } = fakeClient();
    expect(await refreshPushRegistration(client, member, storage, NOW)).toEqual({ status: 'registered' });
    expect(calls.register).toHaveLength(1);
    expect(browser.subscribed).toEqual([]);
    expect(readPushRecord(storage)?.registeredAt).toBe(new Date(NOW).toISOString());
  });

  it('registers a replaced subscription at once and has the server forget the old one', async () => {
    const storage = memoryStorage();
    signedUp(storage, record());
    browser.subscription = new FakeSubscription('https://push.example/send/renewed', VAPID_KEY);
    const { client, calls } = fakeClient();
    expect(await refreshPushRegistration(client, member, storage, NOW)).toEqual({ status: 'registered' });
    expect(calls.register).toMatchObject([{ target: { endpoint: 'https://push.example/send/renewed' } }]);
    expect(calls.unregister).toEqual(['https://push.example/send/1']);
    expect(readPushRecord(storage)?.address).toBe('https://push.example/send/renewed');
  });

  it('ends the subscription of someone else who did not sign out, without moving it to this person', async () => {
    const storage = memoryStorage();
    signedUp(storage, record({ uid: 'previous-person' }));
    const subscription = browser.subscription!;
    const { client, calls } = fakeClient();
    expect(await refreshPushRegistration(client, member, storage, NOW)).toEqual({ status: 'off' });
    expect(subscription.unsubscribed).toBe(true);
    expect(calls.register).toEqual([]);
    expect(storage.getItem(PUSH_RECORD_KEY)).toBeNull();
  });

  it('says so, without throwing, when the server refuses', async () => {
    const storage = memoryStorage();
    signedUp(storage, record({ lang: 'en' }));
    const { client } = fakeClient({ failRegister: true });
    expect(await refreshPushRegistration(client, member, storage, NOW)).toMatchObject({ status: 'failed', reason: 'server' });
    expect(readPushRecord(storage)?.lang).toBe('en');
  });
});

describe('registrationDue', () => {
  const stored = record({ registeredAt: new Date(NOW).toISOString() });
  it.each([
    ['not due: the same subscription and language, just registered', stored, member, stored.address, 0, false],
    ['not due: 6 days and 23 hours later', stored, member, stored.address, 7 * DAY - 3_600_000, false],
    ['due: 7 days later', stored, member, stored.address, 7 * DAY, true],
    ['due: another subscription', stored, member, 'https://push.example/other', 0, true],
    ['due: no subscription', stored, member, null, 0, true],
    ['due: another language', stored, { ...member, lang: 'en' as const }, stored.address, 0, true],
    ['not due: an FCM token whose subscription is the same', { ...stored, address: 'fcm-token', endpoint: stored.address }, member, stored.address, 0, false],
    ['due: an unreadable time', { ...stored, registeredAt: 'yesterday' }, member, stored.address, 0, true],
  ])('%s', (_, current, account, endpoint, later, due) => {
    expect(registrationDue(current, account, endpoint, NOW + later)).toBe(due);
  });

  it('reads only well-formed records', () => {
    const storage = memoryStorage();
    storage.setItem(PUSH_RECORD_KEY, '{oops');
    expect(readPushRecord(storage)).toBeNull();
    storage.setItem(PUSH_RECORD_KEY, JSON.stringify({ ...stored, lang: 'fr' }));
    expect(readPushRecord(storage)).toBeNull();
  });
});
