import { describe, expect, it } from 'vitest';
import { clickAction, FALLBACK_TAG, pushContent, sameSiteUrl, type OpenWindow } from './push-notification';

const ORIGIN = 'https://venue.example';
const message = { title: 'Doors open at 9', body: 'Tonight in the hall', url: '/de/events', tag: 'n-42', lang: 'de' };

describe('pushContent', () => {
  it('shows a Web Push payload as sent, with its URL made absolute', () => {
    expect(pushContent(JSON.stringify(message), ORIGIN, ['en-GB'])).toEqual({
      title: 'Doors open at 9',
      body: 'Tonight in the hall',
      url: `${ORIGIN}/de/events`,
      tag: 'n-42',
      lang: 'de',
    });
  });

  it('reads an FCM data message from its data field', () => {
    const fcm = { data: message, from: '1234567890', fcmMessageId: 'abc', priority: 'normal' };
    expect(pushContent(JSON.stringify(fcm), ORIGIN, ['en'])).toMatchObject({ title: 'Doors open at 9', url: `${ORIGIN}/de/events`, tag: 'n-42' });
  });

  it.each([
    ['no payload', null],
    ['text that is not JSON', 'hello'],
    ['JSON that is not an object', '[1,2]'],
    ['an object without a title', JSON.stringify({ body: 'x', url: '/vip' })],
    ['an empty title', JSON.stringify({ title: '  ', body: 'x' })],
  ])('still shows a notification, in the device language, for %s', (_, text) => {
    expect(pushContent(text, ORIGIN, ['de-AT', 'en'])).toEqual({
      title: 'Nordlicht',
      body: 'Es gibt Neuigkeiten für dich. Öffne die App, um sie zu lesen.',
      url: `${ORIGIN}/de`,
      tag: FALLBACK_TAG,
      lang: 'de',
    });
    expect(pushContent(text, ORIGIN, ['fr-FR'])).toMatchObject({ lang: 'en', url: `${ORIGIN}/` });
  });

  it('keeps the language of a payload it cannot show', () => {
    expect(pushContent(JSON.stringify({ lang: 'de' }), ORIGIN, ['en'])).toMatchObject({ title: 'Nordlicht', lang: 'de', url: `${ORIGIN}/de` });
  });

  it('leads home instead of to another host', () => {
    for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)', 42]) {
      expect(pushContent(JSON.stringify({ ...message, url }), ORIGIN, ['en']).url, String(url)).toBe(`${ORIGIN}/de`);
    }
  });

  it('fills in what a readable payload leaves out', () => {
    expect(pushContent(JSON.stringify({ title: 'Hi', lang: 'xx' }), ORIGIN, ['en'])).toEqual({
      title: 'Hi',
      body: '',
      url: `${ORIGIN}/`,
      tag: FALLBACK_TAG,
      lang: 'en',
    });
  });
});

describe('sameSiteUrl', () => {
  it('accepts paths of this site only', () => {
    expect(sameSiteUrl('/vip?tab=news#top', ORIGIN)).toBe(`${ORIGIN}/vip?tab=news#top`);
    expect(sameSiteUrl(`${ORIGIN}/vip`, ORIGIN)).toBeNull();
    expect(sameSiteUrl('//evil.example', ORIGIN)).toBeNull();
    expect(sameSiteUrl('vip', ORIGIN)).toBeNull();
  });
});

describe('clickAction', () => {
  const at = (path: string, extra: Partial<OpenWindow> = {}): OpenWindow => ({ url: `${ORIGIN}${path}`, focused: false, controlled: true, ...extra });

  it('focuses a window already at the URL, ignoring its fragment and a trailing slash', () => {
    expect(clickAction({ url: '/de/events' }, ORIGIN, [at('/vip'), at('/de/events/#top')])).toEqual({ kind: 'focus', index: 1 });
  });

  it('prefers the focused one of several windows at the URL', () => {
    expect(clickAction({ url: '/vip' }, ORIGIN, [at('/vip'), at('/vip', { focused: true })])).toEqual({ kind: 'focus', index: 1 });
  });

  it('takes a window of the site to the URL when none is there yet', () => {
    expect(clickAction({ url: '/vip' }, ORIGIN, [at('/events'), at('/about', { focused: true })])).toEqual({
      kind: 'navigate',
      index: 1,
      url: `${ORIGIN}/vip`,
    });
  });

  it('never navigates a window the worker does not control', () => {
    expect(clickAction({ url: '/vip' }, ORIGIN, [at('/events', { controlled: false })])).toEqual({ kind: 'open', url: `${ORIGIN}/vip` });
  });

  it('opens a new window when the site has none', () => {
    expect(clickAction({ url: '/de/events' }, ORIGIN, [])).toEqual({ kind: 'open', url: `${ORIGIN}/de/events` });
  });

  it('opens the home page for data without a URL of this site', () => {
    expect(clickAction({ url: 'https://evil.example/' }, ORIGIN, [])).toEqual({ kind: 'open', url: `${ORIGIN}/` });
    expect(clickAction(null, ORIGIN, [at('/')])).toEqual({ kind: 'focus', index: 0 });
  });
});
