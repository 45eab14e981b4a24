// Terms and their values side by side, given as `dt` and `dd` children: an event's date and place,
// a person's account, the next event on the admins' home, a file's metadata.
import type { ReactNode } from 'react';
import styles from './Facts.module.css';

export function Facts({ className, children }: { className?: string; children: ReactNode }) {
  return <dl className={className ? `${styles.facts} ${className}` : styles.facts}>{children}</dl>;
}
