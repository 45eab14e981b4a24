'use client';
// The error page for anything thrown while rendering a page: styled like the site, with a retry.
import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('Errors');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <section className="error-page" aria-labelledby="error-title" role="alert">
      <title>{t('serverErrorTitle')}</title>
      <p className="error-page__code" aria-hidden="true">500</p>
      <h1 id="error-title">{t('serverErrorTitle')}</h1>
      <p>{t('serverErrorMessage')}</p>
      {error.digest && <p className="error-page__path">{t('errorReference', { digest: error.digest })}</p>}
      <div className="error-page__actions">
        <button type="button" className="button button--primary" onClick={reset}>{t('tryAgain')}</button>
        <Link href="/" className="button button--ghost">{t('backHome')}</Link>
      </div>
    </section>
  );
}
