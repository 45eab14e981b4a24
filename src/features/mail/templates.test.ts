// Mails rendered from the messages as the production build ships them: next-intl's `precompile`
// turns every message that names a value into an array (only plain texts stay strings). Which
// parts a mail has must not depend on that: the sender failed on every mail with a value in its
// body after a build ("Cannot read properties of null (reading 'split')"). The build also swaps in
// the formatter of that form, which Node's own copy of use-intl here does not: the values are
// named by the browser tests, which read the mails the built server sends.
import { describe, expect, it, vi } from 'vitest';
import compile from 'icu-minify/compile';

const precompiled = (messages: unknown): unknown =>
  typeof messages === 'string' ? compile(messages) : Object.fromEntries(Object.entries(messages as object).map(([key, value]) => [key, precompiled(value)]));
vi.mock('@/i18n/messages/en.json', async (original) => ({ default: precompiled(((await original()) as { default: object }).default) }));
vi.mock('@/i18n/messages/de.json', async (original) => ({ default: precompiled(((await original()) as { default: object }).default) }));

const { renderMail } = await import('./templates');

const context = { siteUrl: 'https://nordlicht.example', now: new Date('2026-11-28T09:00:00Z') };

describe('mails from the messages as the build compiles them', () => {
  it('keep every part their kind has: subject, heading, body, button and the words after it', () => {
    const link = 'https://nordlicht.example/de/confirm?mode=signIn&oobCode=c&apiKey=k&lang=de';
    const de = renderMail('signInLink', 'service', 'de', { email: 'ada@example.org', link }, context);
    expect(de.subject).toBe('Dein Anmeldelink für Nordlicht');
    expect(de.text.split('\n')).toEqual(expect.arrayContaining(['Bei Nordlicht anmelden', `Anmelden: ${link}`]));
    expect(de.text).toContain('Hast du den Link nicht angefordert?');
    expect(de.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    // A kind without words after its button has none.
    const en = renderMail('membershipApproved', 'service', 'en', { name: 'Ada', until: '1 September 2027', link: '/vip' }, context);
    expect(en.subject).toBe('Welcome to Nordlicht VIP');
    expect(en.text).toContain('Open the VIP area: https://nordlicht.example/vip');
  });
});
