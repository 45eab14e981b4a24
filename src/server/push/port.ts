// The push port: a message to one device that allowed it. Two adapters: standard Web Push with
// VAPID on the embedded backend (the `web-push` library; keys generated into DATA_DIR), Firebase
// Cloud Messaging through firebase-admin in Firebase mode. Domain code takes this interface.
import type { Locale } from '@/i18n/routing';

/** Where a device receives pushes: a Web Push subscription, or an FCM registration token. */
export type PushTarget =
  | { kind: 'webpush'; endpoint: string; keys: { p256dh: string; auth: string } }
  | { kind: 'fcm'; token: string };

/**
 * What the service worker shows, already in the recipient's language: the push's payload, the one
 * shape both ends use (./payload.ts carries it, features/pwa/push-notification.ts reads it).
 */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of this site, opened (or focused) on click. */
  url: string;
  /** Replaces an earlier notification with the same tag on the device. */
  tag: string;
  lang: Locale;
}

export type PushOutcome =
  | { ok: true }
  /** gone: the push service says the device will never accept pushes again (delete it). */
  | { ok: false; gone: boolean; reason: string };

/** What a browser needs to subscribe: the VAPID public key (base64url), for either adapter. */
export interface PushClientConfig {
  kind: 'webpush' | 'fcm';
  vapidPublicKey: string | null;
}

export interface Push {
  readonly kind: 'webpush' | 'fcm';
  clientConfig(): PushClientConfig;
  /** Sends each message to its target; one outcome per item, in order. Never throws per item. */
  send(items: readonly { target: PushTarget; message: PushMessage }[]): Promise<PushOutcome[]>;
}
