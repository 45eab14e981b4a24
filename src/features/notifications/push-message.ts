// A notification as the push message one device gets, in its person's language: what the delivery
// and an admin's test to themselves send. No server code, so the end-to-end test of push sends the
// server's own message (e2e/push.spec.ts), as the worker's test reads it (push-payload.test.ts).
import { DEFAULT_LOCALE, type Locale } from '@/i18n/routing';
import type { PushMessage } from '@/server/push/port';
import type { NotificationDocument } from './notifications';

export function messageFor(id: string, notification: Pick<NotificationDocument, 'title' | 'body' | 'link'>, lang: Locale): PushMessage {
  const path = notification.link ?? '/vip';
  return { title: notification.title[lang], body: notification.body[lang], url: lang === DEFAULT_LOCALE ? path : `/${lang}${path === '/' ? '' : path}`, tag: `notification-${id}`, lang };
}
