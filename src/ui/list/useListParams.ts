'use client';
// The state of an admin list kept in the URL (search `q`, the chosen options, and `after`: the
// cursors of the pages before this one, so "previous" needs no offset query), so a reload or a
// shared link shows the same page. One hook for every admin list.
import { useState } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useSettledSearch } from '@/ui/form/useSettledSearch';

/** The options a list offers, each a URL parameter with its allowed values and default. */
export type ListChoices = Record<string, { values: readonly string[]; default: string }>;
type Chosen<C extends ListChoices> = { [K in keyof C]: C[K]['values'][number] };

export interface ListParams<C extends ListChoices> {
  /** The applied search (from the URL). */
  search: string;
  /** What is typed in the search field; applied a moment after typing stops. */
  searchText: string;
  setSearchText: (text: string) => void;
  /** Applies the typed search at once (the form's submit). */
  applySearch: () => void;
  chosen: Chosen<C>;
  /** Changes an option, back to the first page. */
  choose: <K extends keyof C>(key: K, value: C[K]['values'][number]) => void;
  /** The last cursor of the previous page; null on the first page. */
  cursor: string | null;
  page: number;
  previousPage: (() => void) | null;
  /** Goes to the page after `nextCursor` (the list's answer). */
  nextPage: (nextCursor: string) => void;
}

export function useListParams<C extends ListChoices>(choices: C): ListParams<C> {
  const router = useRouter();
  const params = useSearchParams();
  const search = params.get('q') ?? '';
  const trail = (params.get('after') ?? '').split(',').filter(Boolean);
  const chosen = Object.fromEntries(
    Object.entries(choices).map(([key, { values, default: fallback }]) => {
      const value = params.get(key) ?? '';
      return [key, values.includes(value) ? value : fallback];
    }),
  ) as Chosen<C>;
  const [searchText, setSearchText] = useState(search);

  function navigate(next: { search?: string; trail?: string[]; chosen?: Partial<Chosen<C>> }) {
    const query = new URLSearchParams();
    const merged = { ...chosen, ...next.chosen };
    for (const [key, value] of Object.entries(merged)) if (value !== choices[key]!.default) query.set(key, String(value));
    const nextSearch = next.search ?? search;
    if (nextSearch) query.set('q', nextSearch);
    const nextTrail = next.trail ?? trail;
    if (nextTrail.length) query.set('after', nextTrail.join(','));
    const suffix = query.toString();
    router.replace(`${window.location.pathname}${suffix ? `?${suffix}` : ''}`, { scroll: false });
  }

  useSettledSearch(searchText, search, (settled) => navigate({ search: settled, trail: [] }));

  return {
    search,
    searchText,
    setSearchText,
    applySearch: () => navigate({ search: searchText.trim(), trail: [] }),
    chosen,
    choose: (key, value) => navigate({ chosen: { [key]: value } as Partial<Chosen<C>>, trail: [] }),
    cursor: trail.at(-1) ?? null,
    page: trail.length + 1,
    previousPage: trail.length > 0 ? () => navigate({ trail: trail.slice(0, -1) }) : null,
    nextPage: (nextCursor) => navigate({ trail: [...trail, nextCursor] }),
  };
}
