// The site header: brand, the links this viewer may follow, language switch, account and menu.
// Rendered once for every page (public pages stay static); which links show is decided in the
// browser from the viewer's role, the server guards decide what opens.
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { APP_ROUTES } from '@/navigation/routes';
import { LogoMark } from '@/ui/icons';
import { LanguageSwitch } from '@/ui/shell/LanguageSwitch';
import { MobileMenu } from './MobileMenu';
import { AccountControl } from './AccountControl';
import { PrimaryNav, type NavItem } from './PrimaryNav';
import styles from '@/ui/shell/header.module.css';

const NAV_LABEL_KEYS = {
  events: 'events',
  about: 'about',
  vip: 'vip',
  scanner: 'scanner',
  admin: 'admin',
} as const;

export async function SiteHeader() {
  const t = await getTranslations('Nav');
  const items: NavItem[] = APP_ROUTES.flatMap((route) => {
    const key = NAV_LABEL_KEYS[route.id as keyof typeof NAV_LABEL_KEYS];
    return route.nav === 'main' && key ? [{ href: route.pattern, label: t(key), access: route.access }] : [];
  });

  return (
    <header className={styles['site-header']}>
      <div className={`container ${styles['site-header__bar']}`}>
        <Link href="/" className={styles.brand} aria-label={t('home')}>
          <LogoMark />
          <span aria-hidden="true">Nordlicht</span>
        </Link>
        <PrimaryNav items={items} />
        <div className={styles['site-header__actions']}>
          <LanguageSwitch />
          <AccountControl />
          <MobileMenu items={items} />
        </div>
      </div>
    </header>
  );
}
