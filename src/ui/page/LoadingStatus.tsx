// A spinner announced as a status, with what is loading or being done where it says so: where a
// page's list will be while its first page loads, a record loading, a picture being processed.
import type { ReactNode } from 'react';
import styles from './LoadingStatus.module.css';

export function LoadingStatus({ children }: { children?: ReactNode }) {
  return (
    <p className={styles['directory__status']} role="status">
      <span className="spinner" aria-hidden="true" />
      {children === undefined ? null : <> {children}</>}
    </p>
  );
}
