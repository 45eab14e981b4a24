// What was done to a record and when, one line each: a person's account, a membership's history.
import type { ReactNode } from 'react';
import styles from './AuditTrail.module.css';

export interface AuditEntry {
  key: string;
  at: Date;
  /** `at` as the page writes it. */
  when: string;
  what: ReactNode;
}

export function AuditTrail({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <ol className={styles.audit}>
      {entries.map(({ key, at, when, what }) => (
        <li key={key}>
          <time dateTime={at.toISOString()}>{when}</time> <span>{what}</span>
        </li>
      ))}
    </ol>
  );
}
