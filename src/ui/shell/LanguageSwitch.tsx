'use client';
// Switches language and keeps the current page with its query (a sign-in's return address, a
// door's event and mode, a list's filters); the link also stores the choice in the cookie.
import { Suspense } from 'react';
import { useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { GlobeIcon } from '@/ui/icons';
import styles from './header.module.css';

type Query = Record<string, string | string[]>;

export function LanguageSwitch() {
  // The query is read in the browser; until then (and on a page rendered ahead of any request)
  // the link keeps the page alone.
  return (
    <Suspense fallback={<SwitchLink query={undefined} />}>
      <SwitchWithQuery />
    </Suspense>
  );
}

function SwitchWithQuery() {
  const searchParams = useSearchParams();
  const query: Query = {};
  for (const [key, value] of searchParams) {
    const known = query[key];
    query[key] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  return <SwitchLink query={Object.keys(query).length ? query : undefined} />;
}

function SwitchLink({ query }: { query: Query | undefined }) {
  const t = useTranslations('Nav');
  const locale = useLocale();
  const pathname = usePathname();
  const other = locale === 'de' ? 'en' : 'de';
  return (
    <Link
      className={`button button--ghost button--small ${styles['language-switch']}`}
      href={query ? { pathname, query } : pathname}
      locale={other}
      hrefLang={other}
      lang={other}
      aria-label={t('switchLanguageLabel')}
      data-testid="language-switch"
    >
      <GlobeIcon width={18} height={18} />
      {t('switchLanguage')}
    </Link>
  );
}
