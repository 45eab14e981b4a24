'use client';
// Switches language and keeps the current page; the link also stores the choice in the cookie.
import { useLocale, useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { GlobeIcon } from '@/ui/icons';

export function LanguageSwitch() {
  const t = useTranslations('Nav');
  const locale = useLocale();
  const pathname = usePathname();
  const other = locale === 'de' ? 'en' : 'de';
  return (
    <Link
      className="button button--ghost button--small language-switch"
      href={pathname}
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
