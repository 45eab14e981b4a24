// A whole error document for the two cases no layout wraps: URLs outside every language and a
// failing root layout. It links plain anchors, as no router may be working.
import type { ReactNode } from 'react';

export function StandaloneErrorDocument({
  lang,
  code,
  title,
  children,
  actions,
}: {
  lang: string;
  code: number;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <html lang={lang}>
      <body>
        <main className="site-main">
          <div className="container">
            <section className="error-page" aria-labelledby="error-title" role={code >= 500 ? 'alert' : undefined}>
              <p className="error-page__code" aria-hidden="true">{code}</p>
              <h1 id="error-title">{title}</h1>
              {children}
              <div className="error-page__actions">{actions}</div>
            </section>
          </div>
        </main>
      </body>
    </html>
  );
}
