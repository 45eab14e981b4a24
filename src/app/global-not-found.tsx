// 404 for URLs outside every language tree (e.g. a missing file): no layout applies there.
import type { Metadata } from 'next';
import en from '@/i18n/messages/en.json';
import '@/styles/globals.css';

export const metadata: Metadata = { title: en.Errors.notFoundTitle };

export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body>
        <main className="site-main">
          <div className="container">
            <section className="error-page" aria-labelledby="error-title">
              <p className="error-page__code" aria-hidden="true">404</p>
              <h1 id="error-title">{en.Errors.notFoundTitle}</h1>
              <p>{en.Errors.notFoundHint}</p>
              <div className="error-page__actions">
                <a href="/" className="button button--primary">{en.Errors.backHome}</a>
              </div>
            </section>
          </div>
        </main>
      </body>
    </html>
  );
}
