'use client';
// A navigation link that marks the current section with aria-current (not by colour alone).
import type { ReactNode } from 'react';
import { Link, usePathname } from '@/i18n/navigation';
import styles from './header.module.css';

export function NavLink({ href, children, onNavigate }: { href: string; children: ReactNode; onNavigate?: () => void }) {
  const pathname = usePathname();
  const current = pathname === href ? 'page' : href !== '/' && pathname.startsWith(`${href}/`) ? 'true' : undefined;
  return (
    <Link className={styles['nav-link']} href={href} aria-current={current} onClick={onNavigate}>
      {children}
    </Link>
  );
}
