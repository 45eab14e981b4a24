'use client';
// The search form of an admin list: the text is applied a moment after typing stops, or at once
// on Enter (see useListParams). Other controls of the list (sorting, page size) go inside it.
import type { ReactNode } from 'react';
import { TextField } from '@/ui/form/TextField';
import type { ListChoices, ListParams } from './useListParams';
import styles from './ListSearch.module.css';

export function ListSearch<C extends ListChoices>({ id, list, label, hint, children }: { id: string; list: ListParams<C>; label: string; hint: string; children?: ReactNode }) {
  return (
    <form
      className={styles['directory__controls']}
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        list.applySearch();
      }}
    >
      <TextField
        id={`${id}-q`}
        name="q"
        type="search"
        className="directory__search"
        label={label}
        hint={hint}
        value={list.searchText}
        autoComplete="off"
        onChange={list.setSearchText}
      />
      {children}
    </form>
  );
}
