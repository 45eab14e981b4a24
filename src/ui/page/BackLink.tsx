// The way back to the list a page belongs to, above its content: an event's page, the event editor.
import type { ComponentProps, ReactNode } from 'react';
import { Link } from '@/i18n/navigation';
import styles from './BackLink.module.css';

export function BackLink({ href, children }: { href: ComponentProps<typeof Link>['href']; children: ReactNode }) {
  return (
    <p>
      <Link href={href} className={styles['back-link']}>
        <span aria-hidden="true">← </span>
        {children}
      </Link>
    </p>
  );
}
