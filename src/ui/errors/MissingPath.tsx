'use client';
// "Page not found: {path}" with the path the visitor asked for, as they typed it.
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';

export function MissingPath({ title }: { title: string }) {
  const t = useTranslations('Errors');
  const path = usePathname();
  return (
    <>
      {/* notFound() from a page is rendered in the browser (vercel/next.js#62228), where the
          page's metadata no longer applies; React places this title in the head. */}
      <title>{title}</title>
      <p className="error-page__path" data-testid="missing-path">{t('notFoundMessage', { path })}</p>
    </>
  );
}
