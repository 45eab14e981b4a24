// The mails as a built server renders them: `next build` compiles the message files (ICU to
// icu-minify's compact form, decision 027), so a message with a placeholder is no string there.
// Here the message files are compiled the same way and formatted with icu-minify's formatter, as
// the build's `use-intl/format-message/format-only` does; the JSON alone would not show it.
import { describe, expect, it, vi } from 'vitest';

type Tree = { [key: string]: unknown };

vi.mock('@/i18n/messages/en.json', async (original) => ({ default: await compiled(((await original()) as { default: Tree }).default) }));
vi.mock('@/i18n/messages/de.json', async (original) => ({ default: await compiled(((await original()) as { default: Tree }).default) }));
vi.mock('use-intl/core', async () => {
  const { default: format } = await import('icu-minify/format');
  const formatters = { getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args), getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args), getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args) };
  return {
    createTranslator: ({ locale, messages, namespace }: { locale: string; messages: Tree; namespace: string }) => (key: string, values?: Record<string, string | number>) => {
      const message = `${namespace}.${key}`.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], messages);
      return typeof message === 'string' ? message : String(format(message as never, locale, values, { formatters }));
    },
  };
});

/** The message tree as the build's catalog loader leaves it: every text through icu-minify's compiler. */
async function compiled(tree: Tree): Promise<Tree> {
  const { default: compile } = await import('icu-minify/compile');
  const walk = (node: unknown): unknown => (typeof node === 'string' ? compile(node) : Object.fromEntries(Object.entries(node as Tree).map(([key, value]) => [key, walk(value)])));
  return walk(tree) as Tree;
}

const { renderMail } = await import('./templates');

describe('mails rendered from the compiled messages of a build', () => {
  it('has every part a placeholder makes a compiled message, in both languages', () => {
    const context = { siteUrl: 'https://nordlicht.example', unsubscribeUrl: 'https://nordlicht.example/de/unsubscribe?u=ada&t=x', now: new Date('2026-11-28T09:00:00Z') };
    const de = renderMail('announcement', 'announcement', 'de', { title: 'Sommer', body: 'Einlass um 20 Uhr.', link: '/events' }, context);
    expect(de.subject).toBe('Sommer');
    expect(de.text).toContain('Einlass um 20 Uhr.');
    expect(de.text).toContain('Ankündigungen abbestellen: https://nordlicht.example/de/unsubscribe?u=ada&t=x');
    const en = renderMail('membershipEnding', 'service', 'en', { name: 'Ada', until: '1 September 2027', days: '3', link: '/vip' }, context);
    expect(en.text).toContain('3 days left');
    expect(en.subject).toBe('Your membership ends on 1 September 2027');
  });
  it('say why a mail came where the kind has its own reason: a guest-list ticket goes to someone who may have no account', () => {
    const params = { name: 'Kai', event: 'Offenes Haus', date: '1. Dezember 2026', party: '3', link: '/tickets/abc?key=k' };
    const de = renderMail('guestListTicket', 'service', 'de', params, { siteUrl: 'https://nordlicht.example', now: new Date('2026-11-28T09:00:00Z') });
    expect(de.subject).toBe('Du stehst auf der Gästeliste für Offenes Haus');
    expect(de.text).toContain('Du und 3 weitere Personen steht auf der Gästeliste für Offenes Haus am 1. Dezember 2026.');
    expect(de.text).toContain('Mein Ticket öffnen: https://nordlicht.example/de/tickets/abc?key=k');
    expect(de.text).toContain('weil dich das Nordlicht-Team auf die Gästeliste gesetzt hat');
    expect(de.text).not.toContain('weil du ein Konto');
    // Kinds without a reason of their own keep the service mail's.
    expect(renderMail('publicTicket', 'service', 'en', { ...params, party: '0' }, { siteUrl: 'https://nordlicht.example', now: new Date() }).text).toContain('because you have an account at Nordlicht');
  });
});
