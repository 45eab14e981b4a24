// One push from the server to the notification a phone shows: the notification's own push message
// (messageFor, as the delivery sends it), put on the wire as each adapter puts it (Web Push's body,
// an FCM data message's `data`), read by the service worker's pushContent, in both languages.
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@/i18n/routing';
import { webPushBody } from '@/server/push/payload';
import { fcmMessage } from '@/server/push/fcm';
import { pushContent, type PushContent } from '@/features/pwa/push-notification';
import { messageFor } from './push-message';

const ORIGIN = 'https://venue.example';

const notification = {
  title: { en: 'Doors open at nine', de: 'Einlass ab neun' },
  body: { en: 'Tonight in the main hall: see the programme.', de: 'Heute Abend im großen Saal: zum Programm.' },
  link: '/events',
};

/** How FCM hands a data message to the browser's worker: its `data` beside FCM's own fields. */
const asFcmDelivers = (data: Record<string, string> | undefined) => JSON.stringify({ data, from: '1234567890', priority: 'normal', fcmMessageId: 'm-1' });

/** What the phone shows for each language, written out. */
const SHOWN: Record<Locale, PushContent> = {
  en: { title: 'Doors open at nine', body: 'Tonight in the main hall: see the programme.', url: `${ORIGIN}/events`, tag: 'notification-n42', lang: 'en' },
  de: { title: 'Einlass ab neun', body: 'Heute Abend im großen Saal: zum Programm.', url: `${ORIGIN}/de/events`, tag: 'notification-n42', lang: 'de' },
};

/** Each person's language differs from their device's here: the message's language decides. */
const DEVICE_LANGUAGES: Record<Locale, string[]> = { en: ['de-DE'], de: ['en-GB'] };

describe('a notification pushed to a phone', () => {
  for (const lang of LOCALES) {
    it(`${lang}: shows its title, body and link, sent by Web Push or by FCM`, () => {
      const message = messageFor('n42', notification, lang);
      expect(pushContent(webPushBody(message), ORIGIN, DEVICE_LANGUAGES[lang])).toEqual(SHOWN[lang]);
      expect(pushContent(asFcmDelivers(fcmMessage('token-1', message, ORIGIN).data), ORIGIN, DEVICE_LANGUAGES[lang])).toEqual(SHOWN[lang]);
    });
  }

  it('leads to the inbox in the reader’s language when the notification has no link', () => {
    for (const lang of LOCALES) {
      const message = messageFor('n43', { ...notification, link: null }, lang);
      expect(pushContent(webPushBody(message), ORIGIN, DEVICE_LANGUAGES[lang]).url).toBe(lang === 'de' ? `${ORIGIN}/de/vip` : `${ORIGIN}/vip`);
    }
  });
});
