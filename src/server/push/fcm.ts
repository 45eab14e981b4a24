// Firebase mode's push adapter: Firebase Cloud Messaging through firebase-admin. Each push is a
// data message: our service worker shows the notification itself, exactly as it does for Web
// Push. A `notification` field would make the FCM SDK show a second copy of its own.
import 'server-only';
import type { FirebaseError } from 'firebase-admin/app';
import type { Messaging, TokenMessage } from 'firebase-admin/messaging';
import type { Push, PushMessage, PushOutcome } from './port';
import { pushFields } from './payload';

/** The most messages firebase-admin's sendEach takes in one call. */
export const FCM_BATCH_LIMIT = 500;

/** Error codes after which a registration token will never receive a push again. */
const TOKEN_GONE_CODES = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token']);

/**
 * `siteUrl` makes the message's path absolute for webpush.fcmOptions.link, which FCM accepts
 * only as an https: URL; without an https: site the link is left out (our service worker opens
 * data.url on click either way).
 */
export function createFcmPush(messaging: Pick<Messaging, 'sendEach'>, vapidPublicKey: string | null, siteUrl?: string): Push {
  return {
    kind: 'fcm',
    clientConfig: () => ({ kind: 'fcm', vapidPublicKey }),
    async send(items) {
      const outcomes = new Array<PushOutcome>(items.length);
      const pending: { index: number; message: TokenMessage }[] = [];
      items.forEach((item, index) => {
        if (item.target.kind === 'fcm') pending.push({ index, message: fcmMessage(item.target.token, item.message, siteUrl) });
        else outcomes[index] = { ok: false, gone: false, reason: 'a Web Push subscription cannot be reached through FCM (this server runs the Firebase backend)' };
      });
      for (let start = 0; start < pending.length; start += FCM_BATCH_LIMIT) {
        const batch = pending.slice(start, start + FCM_BATCH_LIMIT);
        try {
          const { responses } = await messaging.sendEach(batch.map((entry) => entry.message));
          batch.forEach((entry, position) => {
            const response = responses[position];
            outcomes[entry.index] = response?.success ? { ok: true } : outcomeOfError(response?.error);
          });
        } catch (error) {
          // The whole call failed (no credentials, FCM unreachable): nothing says the tokens are
          // bad, so every device of this batch is kept and the next batches still get their turn.
          const reason = `FCM refused the batch: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`;
          for (const entry of batch) outcomes[entry.index] = { ok: false, gone: false, reason };
        }
      }
      return outcomes;
    },
  };
}

/** One device's message: data only (strings), delivered with Web Push's TTL and urgency. */
export function fcmMessage(token: string, message: PushMessage, siteUrl?: string): TokenMessage {
  const link = httpsLink(message.url, siteUrl);
  return {
    token,
    data: pushFields(message),
    webpush: {
      // Kept for 24 hours for a device that is offline, delivered without waking it at once:
      // the same as the embedded backend's Web Push.
      headers: { TTL: '86400', Urgency: 'normal' },
      ...(link ? { fcmOptions: { link } } : {}),
    },
  };
}

function httpsLink(url: string, siteUrl: string | undefined): string | null {
  try {
    const absolute = new URL(url, siteUrl);
    return absolute.protocol === 'https:' ? absolute.href : null;
  } catch {
    return null;
  }
}

function outcomeOfError(error: FirebaseError | undefined): PushOutcome {
  if (!error) return { ok: false, gone: false, reason: 'FCM gave no answer for this message' };
  const code = error.code ?? 'unknown';
  // invalid-argument is FCM's answer for a malformed token but also for a malformed message:
  // only when it names the token is the device beyond help (a bad message must not delete it).
  const gone = TOKEN_GONE_CODES.has(code) || (code === 'messaging/invalid-argument' && /token/i.test(error.message ?? ''));
  return { ok: false, gone, reason: `${code}: ${(error.message ?? '').slice(0, 200)}` };
}
