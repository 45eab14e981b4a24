// @vitest-environment jsdom
// The one alert: every kind shows a sign and says its word, in the page's language; errors and
// warnings interrupt, successes and notes wait; the region for an action's outcome is in the page
// before the outcome is.
import { act, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { mountedRoot } from '@/ui/testing/mounted-root';
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import { VENUE_TIME_ZONE } from '@/i18n/routing';
import { Alert, FeedbackAlert, type AlertKind, type Feedback } from './Alert';

const MESSAGES = { en, de };

function inLocale(locale: 'en' | 'de', node: ReactNode) {
  return (
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone={VENUE_TIME_ZONE}>
      {node}
    </NextIntlClientProvider>
  );
}

function html(node: ReactNode, locale: 'en' | 'de' = 'en') {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(inLocale(locale, node));
  return host;
}

const KINDS: [AlertKind, string][] = [
  ['error', 'alert'],
  ['warning', 'alert'],
  ['success', 'status'],
  ['info', 'status'],
];

describe('Alert', () => {
  it.each(KINDS)('shows a %s with its role (%s), its class, a sign hidden from screen readers and the words', (kind, role) => {
    const alert = html(<Alert kind={kind}>The door is open.</Alert>).firstElementChild!;
    expect(alert.getAttribute('role')).toBe(role);
    expect(alert.classList).toContain(`alert--${kind}`);
    const sign = alert.querySelector('.alert__label')!;
    expect(sign.getAttribute('aria-hidden')).toBe('true');
    expect(sign.textContent).not.toBe('');
    expect(alert.textContent).toContain('The door is open.');
  });

  it('marks each kind by its own sign, not by colour alone', () => {
    const signs = KINDS.map(([kind]) => html(<Alert kind={kind}>x</Alert>).querySelector('.alert__label')!.textContent);
    expect(new Set(signs).size).toBe(KINDS.length);
  });

  it.each([
    ['en', en],
    ['de', de],
  ] as const)('says the kind in words before the text in %s, for screen readers', (locale, messages) => {
    for (const [kind] of KINDS) {
      const word = html(<Alert kind={kind}>Saved.</Alert>, locale).querySelector('.alert__body .visually-hidden')!;
      expect(word.textContent?.trim()).toBe(messages.Feedback[kind]);
      // Read first: the word comes before the words it qualifies.
      expect(word.parentElement!.textContent).toBe(`${messages.Feedback[kind]} Saved.`);
    }
  });

  it('makes a standing notice a note, which announces nothing', () => {
    expect(html(<Alert kind="error" standing>This event is cancelled.</Alert>).firstElementChild!.getAttribute('role')).toBe('note');
  });

  it('lets a warning that follows live figures wait its turn', () => {
    expect(html(<Alert kind="warning" polite>Nearly full.</Alert>).firstElementChild!.getAttribute('role')).toBe('status');
  });

  it('puts the action after the words, and passes the element its id, test id and classes', () => {
    const alert = html(
      <Alert kind="error" id="failure" data-testid="failure" className="place" action={<button type="button">Try again</button>}>
        It failed.
      </Alert>,
    ).firstElementChild!;
    expect(alert.id).toBe('failure');
    expect(alert.getAttribute('data-testid')).toBe('failure');
    expect(alert.className).toBe('alert alert--error place');
    expect(alert.querySelector('.alert__body')!.textContent).toBe(`${en.Feedback.error} It failed. Try again`);
  });
});

describe('FeedbackAlert', () => {
  const mounted = mountedRoot();
  const show = (feedback: Feedback | null) => act(() => mounted.root.render(inLocale('en', <FeedbackAlert feedback={feedback} />)));

  it('keeps its polite region in the page, empty and out of the layout, before a success is put in it', () => {
    show(null);
    const region = mounted.container.querySelector('[role="status"]')!;
    expect(region.textContent).toBe('');
    expect(region.className).toBe('visually-hidden');
    expect(mounted.container.querySelector('[role="alert"]')).toBeNull();

    show({ kind: 'success', text: 'Saved.' });
    // The same element: a screen reader hears the change of a region it already knew.
    expect(mounted.container.querySelector('[role="status"]')).toBe(region);
    expect(region.className).toBe('alert alert--success');
    expect(region.textContent).toContain('Saved.');
  });

  it('shows an error as an alert, announced as it appears, and leaves the polite region empty', () => {
    show(null);
    show({ kind: 'error', text: 'Not saved.' });
    expect(mounted.container.querySelector('[role="alert"]')!.textContent).toContain('Not saved.');
    expect(mounted.container.querySelector('[role="status"]')!.textContent).toBe('');
    show(null);
    expect(mounted.container.querySelector('[role="alert"]')).toBeNull();
  });
});
