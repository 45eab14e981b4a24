import type { BatchResponse, Messaging, TokenMessage } from 'firebase-admin/messaging';
import { describe, expect, it } from 'vitest';
import { createFcmPush, FCM_BATCH_LIMIT } from './fcm';
import type { PushMessage, PushTarget } from './port';

const message: PushMessage = {
  title: 'Doors open at 10 pm',
  body: 'Nordlicht club night: see you tonight!',
  url: '/en/events/nordlicht-club-night',
  tag: 'event-nordlicht',
  lang: 'en',
};

const fcm = (token: string): PushTarget => ({ kind: 'fcm', token });

type Answer = (messages: TokenMessage[], call: number) => BatchResponse | Error;

/** A sendEach that records every call and answers as told (by default: every message sent). */
function fakeMessaging(answer: Answer = (messages) => ({
  responses: messages.map((_, index) => ({ success: true, messageId: `m-${index}` })),
  successCount: messages.length,
  failureCount: 0,
})) {
  const calls: TokenMessage[][] = [];
  const messaging: Pick<Messaging, 'sendEach'> = {
    async sendEach(messages) {
      const batch = messages as TokenMessage[];
      calls.push(batch);
      const result = answer(batch, calls.length - 1);
      if (result instanceof Error) throw result;
      return result;
    },
  };
  return { calls, messaging };
}

/** A firebase-admin error as sendEach reports it for one message. */
const fcmError = (code: string, text: string) => Object.assign(new Error(text), { code, toJSON: () => ({ code, message: text }) });

describe('pushes through Firebase Cloud Messaging', () => {
  it('sends 1,200 devices in three calls of 500, 500 and 200, one outcome per device in order', async () => {
    const { calls, messaging } = fakeMessaging();
    const push = createFcmPush(messaging, null, 'https://venue.example');
    const items = Array.from({ length: 1_200 }, (_, index) => ({ target: fcm(`token-${index}`), message }));
    const outcomes = await push.send(items);
    expect(calls.map((call) => call.length)).toEqual([FCM_BATCH_LIMIT, FCM_BATCH_LIMIT, 200]);
    expect(calls.flat().map((sent) => sent.token)).toEqual(items.map((_, index) => `token-${index}`));
    expect(outcomes).toHaveLength(1_200);
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
  });

  it('sends a data message our service worker shows, without a notification FCM would show again', async () => {
    const { calls, messaging } = fakeMessaging();
    await createFcmPush(messaging, null, 'https://venue.example').send([{ target: fcm('token-a'), message }]);
    const sent = calls[0]![0]!;
    expect(sent).toEqual({
      token: 'token-a',
      data: { title: message.title, body: message.body, url: message.url, tag: message.tag, lang: 'en' },
      webpush: {
        headers: { TTL: '86400', Urgency: 'normal' },
        fcmOptions: { link: 'https://venue.example/en/events/nordlicht-club-night' },
      },
    });
    expect(sent).not.toHaveProperty('notification');
    expect(sent.webpush).not.toHaveProperty('notification');
    expect(Object.values(sent.data!).every((value) => typeof value === 'string')).toBe(true);
  });

  it('leaves the link out when the site is not https, since FCM accepts https: links only', async () => {
    const { calls, messaging } = fakeMessaging();
    await createFcmPush(messaging, null, 'http://localhost:3000').send([{ target: fcm('token-a'), message }]);
    expect(calls[0]![0]!.webpush).toEqual({ headers: { TTL: '86400', Urgency: 'normal' } });
    expect(calls[0]![0]!.data!.url).toBe(message.url);
  });

  it('says a token is gone only when FCM says it will never work again', async () => {
    const answers = [
      fcmError('messaging/registration-token-not-registered', 'Requested entity was not found.'),
      fcmError('messaging/invalid-registration-token', 'Invalid registration token provided.'),
      fcmError('messaging/invalid-argument', 'The registration token is not a valid FCM registration token'),
      fcmError('messaging/invalid-argument', 'Message is too big'),
      fcmError('messaging/internal-error', 'Internal error encountered.'),
      fcmError('messaging/server-unavailable', 'The service is currently unavailable.'),
      fcmError('messaging/quota-exceeded', 'Quota exceeded for this device.'),
    ];
    const { messaging } = fakeMessaging((messages) => ({
      responses: messages.map((_, index) => (index < answers.length ? { success: false, error: answers[index]! } : { success: true, messageId: 'ok' })),
      successCount: messages.length - answers.length,
      failureCount: answers.length,
    }));
    const items = Array.from({ length: answers.length + 1 }, (_, index) => ({ target: fcm(`token-${index}`), message }));
    const outcomes = await createFcmPush(messaging, null).send(items);
    expect(outcomes.map((outcome) => (outcome.ok ? 'ok' : outcome.gone ? 'gone' : 'kept'))).toEqual([
      'gone', 'gone', 'gone', 'kept', 'kept', 'kept', 'kept', 'ok',
    ]);
    expect(outcomes[0]).toEqual({ ok: false, gone: true, reason: 'messaging/registration-token-not-registered: Requested entity was not found.' });
    expect(outcomes[4]).toEqual({ ok: false, gone: false, reason: 'messaging/internal-error: Internal error encountered.' });
  });

  it('keeps every device of a batch FCM refused as a whole, and still sends the other batches', async () => {
    const { calls, messaging } = fakeMessaging((messages, call) =>
      call === 1
        ? new Error('Credential implementation provided to initializeApp() failed to fetch a valid access token')
        : { responses: messages.map(() => ({ success: true, messageId: 'ok' })), successCount: messages.length, failureCount: 0 },
    );
    const items = Array.from({ length: 1_100 }, (_, index) => ({ target: fcm(`token-${index}`), message }));
    const outcomes = await createFcmPush(messaging, null).send(items);
    expect(calls).toHaveLength(3);
    expect(outcomes.slice(0, 500).every((outcome) => outcome.ok)).toBe(true);
    expect(outcomes.slice(1_000).every((outcome) => outcome.ok)).toBe(true);
    const refused = outcomes.slice(500, 1_000);
    expect(refused).toHaveLength(500);
    for (const outcome of refused) {
      expect(outcome).toEqual({ ok: false, gone: false, reason: expect.stringContaining('failed to fetch a valid access token') });
    }
  });

  it('refuses a Web Push subscription without asking FCM, and sends the FCM tokens around it', async () => {
    const { calls, messaging } = fakeMessaging();
    const webPush: PushTarget = { kind: 'webpush', endpoint: 'https://push.example/x', keys: { p256dh: 'p', auth: 'a' } };
    const outcomes = await createFcmPush(messaging, null).send([
      { target: fcm('token-1'), message },
      { target: webPush, message },
      { target: fcm('token-2'), message },
    ]);
    expect(calls.map((call) => call.map((sent) => sent.token))).toEqual([['token-1', 'token-2']]);
    expect(outcomes).toEqual([{ ok: true }, { ok: false, gone: false, reason: expect.stringContaining('Web Push') }, { ok: true }]);
  });

  it('asks FCM nothing when there is nothing to send', async () => {
    const { calls, messaging } = fakeMessaging();
    expect(await createFcmPush(messaging, null).send([])).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it('tells browsers the Web Push certificate key, or null for the Firebase SDK default', () => {
    const { messaging } = fakeMessaging();
    const push = createFcmPush(messaging, 'BPublicKey');
    expect(push.kind).toBe('fcm');
    expect(push.clientConfig()).toEqual({ kind: 'fcm', vapidPublicKey: 'BPublicKey' });
    expect(createFcmPush(messaging, null).clientConfig()).toEqual({ kind: 'fcm', vapidPublicKey: null });
  });
});
