// What the contact column shows: which view (contacts, waiting queue, recent), the list's filter, segments
// and ordering, and the search in effect. Client-only UI state (STYLE 11).
import type { ContactListFilter, ContactOrder, SearchParameter, SortDirection } from '@atende/contract';
import { create } from 'zustand';
import type { ListParams, SearchParams } from './contact-api.ts';
import { DEFAULT_LIST } from './contact-queries.ts';

export type ContactView = 'contacts' | 'waiting' | 'recent';

export interface ActiveSearch {
  parameter: SearchParameter;
  value: string;
}

interface ListSettingsState {
  view: ContactView;
  list: ListParams;
  search: ActiveSearch | null;
  setView: (view: ContactView) => void;
  setFilter: (filter: ContactListFilter) => void;
  setOnlyMySegments: (value: boolean) => void;
  setOrder: (order: ContactOrder, direction: SortDirection) => void;
  setSearch: (search: ActiveSearch | null) => void;
}

export const useListSettings = create<ListSettingsState>()((set) => ({
  view: 'contacts',
  list: DEFAULT_LIST,
  search: null,
  setView: (view) => set({ view }),
  setFilter: (filter) => set((state) => ({ list: { ...state.list, filter } })),
  setOnlyMySegments: (value) => set((state) => ({ list: { ...state.list, only_my_segments: value } })),
  setOrder: (order, direction) => set((state) => ({ list: { ...state.list, order, direction } })),
  setSearch: (search) => set({ search }),
}));

/** The search request for the list on screen: its filter is the search's origin. */
export const searchParamsOf = (search: ActiveSearch, list: ListParams): SearchParams => ({
  parameter: search.parameter,
  value: search.value.trim(),
  origin: list.filter,
});
