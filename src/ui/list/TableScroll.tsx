// A table wider than the screen scrolls in a frame of its own. The frame is focusable, so a
// keyboard can scroll it too, and named by the table's caption or heading (`labelledBy`).
import type { ReactNode } from 'react';
import styles from './TableScroll.module.css';

export function TableScroll({ labelledBy, busy, children }: { labelledBy: string; busy?: boolean; children: ReactNode }) {
  return (
    <div className={styles['table-scroll']} role="region" aria-labelledby={labelledBy} tabIndex={0} aria-busy={busy}>
      {children}
    </div>
  );
}
