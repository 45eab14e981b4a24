'use client';
// The main navigation on wide screens: only the links the viewer may follow.
import { useTranslations } from 'next-intl';
import { canAccess, type Access } from '@/navigation/access';
import { useViewer } from '@/features/identity/client/ViewerProvider';
import { NavLink } from '@/ui/shell/NavLink';
import styles from '@/ui/shell/header.module.css';

export interface NavItem {
  href: string;
  label: string;
  access: Access;
}

export function useVisibleItems(items: NavItem[]): NavItem[] {
  const viewer = useViewer();
  return items.filter((item) => canAccess(item.access, viewer.role, viewer.signedIn));
}

export function PrimaryNav({ items }: { items: NavItem[] }) {
  const t = useTranslations('Nav');
  const visible = useVisibleItems(items);
  return (
    <nav className={styles['site-nav']} aria-label={t('primary')}>
      <ul>
        {visible.map((item) => (
          <li key={item.href}>
            <NavLink href={item.href}>{item.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
