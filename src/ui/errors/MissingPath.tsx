'use client';
// "Page not found: {path}" with the path the visitor asked for, as they typed it.
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';

export function MissingPath() {
  const t = useTranslations('Errors');
  const path = usePathname();
  return <p className="error-page__path" data-testid="missing-path">{t('notFoundMessage', { path })}</p>;
}
