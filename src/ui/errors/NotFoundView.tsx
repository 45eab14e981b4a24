// The body of the 404 page. `path` is known on the server when the proxy routed an unknown URL
// here; for notFound() from a page it is read in the browser.
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { MissingPath } from './MissingPath';

export async function NotFoundView({ path }: { path?: string }) {
  const t = await getTranslations('Errors');
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__code" aria-hidden="true">404</p>
      <h1 id="error-title">{t('notFoundTitle')}</h1>
      {path === undefined ? (
        <MissingPath title={`${t('notFoundTitle')} · Nordlicht`} />
      ) : (
        <p className="error-page__path" data-testid="missing-path">{t('notFoundMessage', { path })}</p>
      )}
      <p>{t('notFoundHint')}</p>
      <div className="error-page__actions">
        <Link href="/" className="button button--primary">{t('backHome')}</Link>
      </div>
    </section>
  );
}
