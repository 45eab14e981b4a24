'use client';
// /admin/users: search, sort and page through everyone with an account. The list keeps its
// search, sort and page in the URL, so a reload or a link shows the same page.
import { useId, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { useRouter, useSearchParams } from 'next/navigation';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@/i18n/navigation';
import { trpc } from '@/trpc/client';
import { TextField } from '@/ui/form/TextField';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { useSettledSearch } from '@/ui/form/useSettledSearch';
import { PAGE_SIZES, USER_SORTS } from '../user-admin-options';
import { RoleBadge, StatusBadge } from './badges';
import { SelectField } from '@/ui/form/SelectField';

type Sort = (typeof USER_SORTS)[number];
type Direction = 'asc' | 'desc';

function readParams(params: URLSearchParams) {
  const sort = (USER_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as Sort) : 'createdAt';
  const direction: Direction = params.get('dir') === 'asc' ? 'asc' : 'desc';
  const size = Number(params.get('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? (size as (typeof PAGE_SIZES)[number]) : 25;
  // The cursors of the pages before this one, so "previous" needs no offset query.
  const trail = (params.get('after') ?? '').split(',').filter(Boolean);
  return { search: params.get('q') ?? '', sort, direction, pageSize, trail };
}

export function UserDirectory() {
  const t = useTranslations('AdminUsers');
  const format = useFormatter();
  const router = useRouter();
  const params = useSearchParams();
  const state = readParams(new URLSearchParams(params.toString()));
  const [search, setSearch] = useState(state.search);
  const id = useId();

  function navigate(next: Partial<typeof state>) {
    const merged = { ...state, ...next };
    const query = new URLSearchParams();
    if (merged.search) query.set('q', merged.search);
    if (merged.sort !== 'createdAt') query.set('sort', merged.sort);
    if (merged.direction !== 'desc') query.set('dir', merged.direction);
    if (merged.pageSize !== 25) query.set('size', String(merged.pageSize));
    if (merged.trail.length) query.set('after', merged.trail.join(','));
    const suffix = query.toString();
    router.replace(`${window.location.pathname}${suffix ? `?${suffix}` : ''}`, { scroll: false });
  }

  useSettledSearch(search, state.search, (settled) => navigate({ search: settled, trail: [] }));

  const list = trpc.users.list.useQuery(
    { search: state.search, sort: state.sort, direction: state.direction, pageSize: state.pageSize, cursor: state.trail.at(-1) ?? null },
    { placeholderData: keepPreviousData },
  );
  const page = state.trail.length + 1;
  const dateTime = (date: Date) => format.dateTime(date, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className="directory">
      <form className="directory__controls" role="search" onSubmit={(event) => { event.preventDefault(); navigate({ search: search.trim(), trail: [] }); }}>
        <TextField
          id={`${id}-q`}
          name="q"
          type="search"
          className="directory__search"
          label={t('searchLabel')}
          value={search}
          autoComplete="off"
          hint={t('searchHint')}
          onChange={setSearch}
        />
        <SelectField
          id={`${id}-sort`}
          label={t('sortLabel')}
          value={state.sort}
          options={USER_SORTS.map((sort) => ({ value: sort, label: t(`sort.${sort}`) }))}
          onChange={(sort) => navigate({ sort, trail: [] })}
        />
        <SelectField
          id={`${id}-dir`}
          label={t('directionLabel')}
          value={state.direction}
          options={(['desc', 'asc'] as const).map((direction) => ({ value: direction, label: t(`direction.${direction}`) }))}
          onChange={(direction) => navigate({ direction, trail: [] })}
        />
        <SelectField
          id={`${id}-size`}
          label={t('pageSizeLabel')}
          value={String(state.pageSize)}
          options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
          onChange={(size) => navigate({ pageSize: Number(size) as (typeof PAGE_SIZES)[number], trail: [] })}
        />
      </form>

      {list.isError && <RetryAlert error={list.error} onRetry={() => list.refetch()} />}

      {list.isPending ? (
        <p className="directory__status" role="status">
          <span className="spinner" aria-hidden="true" /> {t('loading')}
        </p>
      ) : list.data && list.data.users.length === 0 ? (
        <p className="empty-state" role="status">
          {state.search ? t('noResults', { search: state.search }) : t('empty')}
        </p>
      ) : list.data ? (
        <div className="table-scroll" aria-busy={list.isFetching}>
          {/* Explicit roles keep the table's meaning when phones show its rows as cards. */}
          <table className="data-table data-table--cards" role="table">
            <caption className="visually-hidden">
              {t('tableCaption', { sort: t(`sort.${state.sort}`), direction: t(`direction.${state.direction}`), page })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.name')}</th>
                <th scope="col">{t('columns.email')}</th>
                <th scope="col">{t('columns.role')}</th>
                <th scope="col">{t('columns.status')}</th>
                <th scope="col" aria-sort={state.sort === 'createdAt' ? (state.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
                  {t('columns.createdAt')}
                </th>
                <th scope="col" aria-sort={state.sort === 'lastSignInAt' ? (state.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
                  {t('columns.lastSignInAt')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.users.map((user) => (
                <tr key={user.uid} role="row">
                  <th scope="row" role="rowheader">
                    <Link href={`/admin/users/${encodeURIComponent(user.uid)}`}>{user.displayName ?? t('noName')}</Link>
                  </th>
                  <td role="cell" className="data-table__email" data-label={t('columns.email')}>
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
        </div>
      ) : null}

      <nav className="pager" aria-label={t('pagination')}>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={state.trail.length === 0}
          onClick={() => navigate({ trail: state.trail.slice(0, -1) })}
        >
          ← {t('previous')}
        </button>
        <span className="pager__page" aria-live="polite">
          {t('page', { page })}
          {list.isFetching && !list.isPending ? <span className="spinner" aria-hidden="true" /> : null}
        </span>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={!list.data?.nextCursor}
          onClick={() => list.data?.nextCursor && navigate({ trail: [...state.trail, list.data.nextCursor] })}
        >
          {t('next')} →
        </button>
      </nav>
    </div>
  );
}
