// A spinner and words announced as a status: what a screen waits for where the shape of what comes
// is not known (a list, a search's hits, a record) or where something is being done (a picture
// processed, a code checked, the camera starting, a connection coming back). Where the shape is
// known, Skeleton holds its place instead: the rule is in prisma-free-docs/architecture.md (Loading).
import type { ReactNode } from 'react';
import styles from './LoadingStatus.module.css';

export function LoadingStatus({ children, className, active = true }: {
  children?: ReactNode;
  /** The place's own look (a hint's size, an overlay on the camera). */
  className?: string;
  /**
   * For a wait that follows an action (a search, a scan's check): the status stays in the page,
   * empty and out of the layout, while nothing runs, so a screen reader hears the wait begin.
   */
  active?: boolean;
}) {
  if (!active) return <p className="visually-hidden" role="status" />;
  return (
    <p className={className ? `${styles['directory__status']} ${className}` : styles['directory__status']} role="status">
      <span className="spinner" aria-hidden="true" />
      {children === undefined ? null : <> {children}</>}
    </p>
  );
}
