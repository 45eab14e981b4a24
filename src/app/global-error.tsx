'use client';
// Last-resort error page when the root layout itself fails; it must render its own document.
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import { StandaloneErrorDocument } from '@/ui/errors/StandaloneErrorDocument';
import '@/styles/globals.css';

export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const german = typeof window !== 'undefined' && window.location.pathname.split('/')[1] === 'de';
  const m = german ? de.Errors : en.Errors;
  return (
    <StandaloneErrorDocument
      lang={german ? 'de' : 'en'}
      code={500}
      title={m.serverErrorTitle}
      actions={
        <>
          <button type="button" className="button button--primary" onClick={reset}>{m.tryAgain}</button>
          <a href={german ? '/de' : '/'} className="button button--ghost">{m.backHome}</a>
        </>
      }
    >
      <title>{m.serverErrorTitle}</title>
      <p>{m.serverErrorMessage}</p>
    </StandaloneErrorDocument>
  );
}
