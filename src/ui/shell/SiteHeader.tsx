// The site header: brand, the links this viewer may follow, language switch and menu.
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { navRoutes, type Viewer } from '@/navigation/routes';
import { LogoMark } from '@/ui/icons';
import { LanguageSwitch } from './LanguageSwitch';
import { MobileMenu, type MenuItem } from './MobileMenu';
import { NavLink } from './NavLink';

const NAV_LABEL_KEYS = {
  events: 'events',
  about: 'about',
  vip: 'vip',
  scanner: 'scanner',
  admin: 'admin',
} as const;

export async function SiteHeader({ viewer }: { viewer: Viewer }) {
  const t = await getTranslations('Nav');
  const items: MenuItem[] = navRoutes('main', viewer).flatMap((route) => {
    const key = NAV_LABEL_KEYS[route.id as keyof typeof NAV_LABEL_KEYS];
    return key ? [{ href: route.pattern, label: t(key) }] : [];
  });
  const menuItems = viewer.signedIn ? items : [...items, { href: '/login', label: t('signIn') }];

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link href="/" className="brand" aria-label={t('home')}>
          <LogoMark />
          <span aria-hidden="true">Nordlicht</span>
        </Link>
        <nav className="site-nav" aria-label={t('primary')}>
          <ul>
            {items.map((item) => (
              <li key={item.href}>
                <NavLink href={item.href}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <LanguageSwitch />
          {!viewer.signedIn && (
            <Link href="/login" className="button button--primary button--small site-header__signin">
              {t('signIn')}
            </Link>
          )}
          <MobileMenu items={menuItems} />
        </div>
      </div>
    </header>
  );
}
