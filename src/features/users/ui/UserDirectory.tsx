'use client';
// /admin/users: search, sort and page through everyone with an account. The list keeps its
// search, sort and page in the URL, so a reload or a link shows the same page.
import { useId } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@/i18n/navigation';
import { trpc } from '@/trpc/client';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { useListParams } from '@/ui/list/useListParams';
import { CursorPager } from '@/ui/list/CursorPager';
import { ListSearch } from '@/ui/list/ListSearch';
import { TableScroll } from '@/ui/list/TableScroll';
import { PAGE_SIZES, USER_SORTS } from '../constants';
import { RoleBadge, StatusBadge } from './badges';
import { SelectField } from '@/ui/form/SelectField';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import styles from '@/ui/list/DataTable.module.css';

const USER_LIST_CHOICES = {
  sort: { values: USER_SORTS, default: 'createdAt' },
  dir: { values: ['desc', 'asc'], default: 'desc' },
  size: { values: PAGE_SIZES.map(String), default: '25' },
} as const;

export function UserDirectory() {
  const t = useTranslations('AdminUsers');
  const format = useFormatter();
  const list = useListParams(USER_LIST_CHOICES);
  const { sort, dir: direction } = list.chosen;
  const pageSize = Number(list.chosen.size) as (typeof PAGE_SIZES)[number];
  const id = useId();

  const users = trpc.users.list.useQuery(
    { search: list.search, sort, direction, pageSize, cursor: list.cursor },
    { placeholderData: keepPreviousData },
  );
  const dateTime = (date: Date) => format.dateTime(date, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className="directory">
      <ListSearch id={id} list={list} label={t('searchLabel')} hint={t('searchHint')}>
        <SelectField
          id={`${id}-sort`}
          label={t('sortLabel')}
          value={sort}
          options={USER_SORTS.map((sort) => ({ value: sort, label: t(`sort.${sort}`) }))}
          onChange={(value) => list.choose('sort', value)}
        />
        <SelectField
          id={`${id}-dir`}
          label={t('directionLabel')}
          value={direction}
          options={(['desc', 'asc'] as const).map((direction) => ({ value: direction, label: t(`direction.${direction}`) }))}
          onChange={(value) => list.choose('dir', value)}
        />
        <SelectField
          id={`${id}-size`}
          label={t('pageSizeLabel')}
          value={list.chosen.size}
          options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
          onChange={(value) => list.choose('size', value)}
        />
      </ListSearch>

      {users.isError && <RetryAlert error={users.error} onRetry={() => users.refetch()} />}

      {users.isPending ? (
        <LoadingStatus>{t('loading')}</LoadingStatus>
      ) : users.data && users.data.users.length === 0 ? (
        <p className="empty-state" role="status">
          {list.search ? t('noResults', { search: list.search }) : t('empty')}
        </p>
      ) : users.data ? (
        <TableScroll labelledBy={`${id}-caption`} busy={users.isFetching}>
          {/* Explicit roles keep the table's meaning when phones show its rows as cards. */}
          <table className={`${styles['data-table']} ${styles['data-table--cards']}`} role="table">
            <caption id={`${id}-caption`} className="visually-hidden">
              {t('tableCaption', { sort: t(`sort.${sort}`), direction: t(`direction.${direction}`), page: list.page })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.name')}</th>
                <th scope="col">{t('columns.email')}</th>
                <th scope="col">{t('columns.role')}</th>
                <th scope="col">{t('columns.status')}</th>
                <th scope="col" aria-sort={sort === 'createdAt' ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}>
                  {t('columns.createdAt')}
                </th>
                <th scope="col" aria-sort={sort === 'lastSignInAt' ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}>
                  {t('columns.lastSignInAt')}
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.users.map((user) => (
                <tr key={user.uid} role="row">
                  <th scope="row" role="rowheader">
                    <Link href={`/admin/users/${encodeURIComponent(user.uid)}`}>{user.displayName ?? t('noName')}</Link>
                  </th>
                  <td role="cell" className={styles['data-table__muted']} data-label={t('columns.email')}>
                    {user.email}
                  </td>
                  <td role="cell" data-label={t('columns.role')}>
                    <RoleBadge role={user.role} />
                  </td>
                  <td role="cell" data-label={t('columns.status')}>
                    <StatusBadge disabled={user.disabled} />
                  </td>
                  <td role="cell" data-label={t('columns.createdAt')}>
                    {dateTime(user.createdAt)}
                  </td>
                  <td role="cell" data-label={t('columns.lastSignInAt')}>
                    {dateTime(user.lastSignInAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}

      <CursorPager label={t('pagination')} list={list} nextCursor={users.data?.nextCursor} fetching={users.isFetching && !users.isPending} />
    </div>
  );
}
