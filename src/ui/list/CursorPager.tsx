'use client';
// Previous / page N / next under an admin list that pages with cursors (see useListParams).
import { useTranslations } from 'next-intl';
import type { ListChoices, ListParams } from './useListParams';
import styles from './CursorPager.module.css';

export function CursorPager<C extends ListChoices>({
  label,
  list,
  nextCursor,
  fetching = false,
}: {
  /** What is paged, for screen readers: "Pages of events". */
  label: string;
  list: ListParams<C>;
  /** The list's answer: the cursor of the next page, null on the last one, undefined while loading. */
  nextCursor: string | null | undefined;
  fetching?: boolean;
}) {
  const t = useTranslations('Lists');
  return (
    <nav className={styles.pager} aria-label={label}>
      <button type="button" className="button button--ghost button--small" disabled={!list.previousPage} onClick={() => list.previousPage?.()}>
        ← {t('previous')}
      </button>
      <span className={styles['pager__page']} aria-live="polite">
        {t('page', { page: list.page })}
        {fetching ? <span className="spinner" aria-hidden="true" /> : null}
      </span>
      <button type="button" className="button button--ghost button--small" disabled={!nextCursor} onClick={() => nextCursor && list.nextPage(nextCursor)}>
        {t('next')} →
      </button>
    </nav>
  );
}
