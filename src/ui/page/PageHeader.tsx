import type { ReactNode } from 'react';
import styles from './PageHeader.module.css';

export function PageHeader({ title, lead, eyebrow }: { title: string; lead?: ReactNode; eyebrow?: string }) {
  return (
    <header className={styles['page-header']}>
      {eyebrow && <span className="eyebrow">{eyebrow}</span>}
      <h1>{title}</h1>
      {lead && <p>{lead}</p>}
    </header>
  );
}
