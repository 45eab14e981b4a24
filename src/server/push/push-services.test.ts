import { describe, expect, it } from 'vitest';
import { isPushServiceEndpoint } from './push-services';

describe('a push service endpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dAbC:APA91bH',
    'https://fcm.googleapis.com/wp/dAbC',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
    'https://push.services.mozilla.com/wpush/v2/gAAAAAB',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
    'https://web.push.apple.com/QGnRV2X',
    'https://FCM.googleapis.com:443/fcm/send/abc',
  ])('%s is a browser push service', (endpoint) => {
    expect(isPushServiceEndpoint(endpoint)).toBe(true);
  });

  it.each([
    ['an unknown host', 'https://push.example.org/send/abc'],
    ['plain http', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['another port', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['credentials', 'https://user:secret@fcm.googleapis.com/fcm/send/abc'],
    ['a look-alike host', 'https://fcm.googleapis.com.evil.example/fcm/send/abc'],
    ['a suffix without a dot', 'https://evilnotify.windows.com/w/'],
    ['two labels in front', 'https://a.b.push.apple.com/x'],
    ['the bare domain', 'https://notify.windows.com/w/'],
    ['an address', 'https://127.0.0.1/fcm/send/abc'],
    ['a trailing dot', 'https://fcm.googleapis.com./fcm/send/abc'],
    ['not a URL', 'fcm.googleapis.com/fcm/send/abc'],
  ])('%s is refused: %s', (_, endpoint) => {
    expect(isPushServiceEndpoint(endpoint)).toBe(false);
  });
});
