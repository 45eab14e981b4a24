// The error pages render the specification's title and a way forward, in both languages.
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import { VENUE_TIME_ZONE } from '@/i18n/routing';

vi.mock('@/i18n/navigation', () => ({
  Link: ({ href, children, className }: { href: string; children: React.ReactNode; className?: string }) => (
    <a href={href} className={className}>{children}</a>
  ),
}));

const { default: ErrorPage } = await import('@/app/[locale]/error');
const { default: GlobalError } = await import('@/app/global-error');

function render(locale: 'en' | 'de', digest?: string) {
  const error = Object.assign(new Error('boom'), digest ? { digest } : {});
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : de} timeZone={VENUE_TIME_ZONE}>
      <ErrorPage error={error} reset={() => {}} />
    </NextIntlClientProvider>,
  );
}

describe('error page', () => {
  it('is titled Internal Server Error and offers a retry and the way home', () => {
    const html = render('en', 'abc123');
    expect(html).toContain('<title>Internal Server Error</title>');
    expect(html).toContain('<h1 id="error-title">Internal Server Error</h1>');
    expect(html).toContain(en.Errors.serverErrorMessage);
    expect(html).toContain(`>${en.Errors.tryAgain}</button>`);
    expect(html).toContain('Reference: abc123');
    expect(html).toContain('role="alert"');
  });

  it('speaks German under /de', () => {
    const html = render('de');
    expect(html).toContain(`<h1 id="error-title">${de.Errors.serverErrorTitle}</h1>`);
    expect(html).toContain(de.Errors.tryAgain);
    expect(html).not.toContain('Referenz');
  });

  it('has a last-resort version with its own document', () => {
    const html = renderToStaticMarkup(<GlobalError error={new Error('boom')} reset={() => {}} />);
    expect(html).toMatch(/^<html lang="en">/);
    expect(html).toContain('<h1 id="error-title">Internal Server Error</h1>');
  });
});
