// A push as it travels: the fields of a PushMessage (./port.ts), the one shape the server sends and
// the service worker reads (features/pwa/push-notification.ts), as Web Push's body and as an FCM
// data message's `data`. No server code: the worker's types and the end-to-end test of push take
// the wire form from here too.
import type { PushMessage } from './port';

/**
 * Exactly the message's fields, as strings: nothing else about the recipient leaves the server.
 * Typed by PushMessage's keys, so a field added to the message is sent, or this fails to compile.
 */
export function pushFields(message: PushMessage): Record<keyof PushMessage, string> {
  return { title: message.title, body: message.body, url: message.url, tag: message.tag, lang: message.lang };
}

/** Web Push's payload (encrypted to the device as it is): the fields as JSON. */
export function webPushBody(message: PushMessage): string {
  return JSON.stringify(pushFields(message));
}
