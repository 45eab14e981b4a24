'use client';
// Last-resort error page when the root layout itself fails; it must render its own document.
// Its texts from a small copy, not the message files: Next loads this page's code with every page.
import { GLOBAL_ERROR_MESSAGES } from '@/ui/errors/global-error-messages';
import { StandaloneErrorDocument } from '@/ui/errors/StandaloneErrorDocument';
import '@/styles/globals.css';

export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const german = typeof window !== 'undefined' && window.location.pathname.split('/')[1] === 'de';
  const m = GLOBAL_ERROR_MESSAGES[german ? 'de' : 'en'];
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
