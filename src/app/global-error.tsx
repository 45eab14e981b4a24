'use client';
// Last-resort error page when the root layout itself fails; it must render its own document.
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import '@/styles/globals.css';

export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const german = typeof window !== 'undefined' && window.location.pathname.split('/')[1] === 'de';
  const m = german ? de.Errors : en.Errors;
  return (
    <html lang={german ? 'de' : 'en'}>
      <body>
        <title>{m.serverErrorTitle}</title>
        <main className="site-main">
          <div className="container">
            <section className="error-page" role="alert" aria-labelledby="error-title">
              <p className="error-page__code" aria-hidden="true">500</p>
              <h1 id="error-title">{m.serverErrorTitle}</h1>
              <p>{m.serverErrorMessage}</p>
              <div className="error-page__actions">
                <button type="button" className="button button--primary" onClick={reset}>{m.tryAgain}</button>
                <a href={german ? '/de' : '/'} className="button button--ghost">{m.backHome}</a>
              </div>
            </section>
          </div>
        </main>
      </body>
    </html>
  );
}
