// What the contact column shows: which view (contacts, waiting queue, recent), the list's filter, segments
// ordering and combinable filters, and the search in effect. Client-only UI state (STYLE 11).
import type {
  ContactFilters,
  ContactListFilter,
  ContactOrder,
  SearchParameter,
  SortDirection,
} from '@atende/contract';
import { create } from 'zustand';
import type { ListParams, SearchParams } from '../../lib/contact-keys.ts';
import { DEFAULT_LIST } from './contact-queries.ts';

export type ContactView = 'contacts' | 'waiting' | 'recent';

/** Beside the contact parameters, the search form searches the text of messages (company-wide search). */
export const MESSAGES_SEARCH = 'messages';
export type SearchTarget = SearchParameter | typeof MESSAGES_SEARCH;

export interface ActiveSearch {
  parameter: SearchTarget;
  value: string;
}

/** A search of contacts by one of their parameters, not of messages. */
export type ContactSearch = ActiveSearch & { parameter: SearchParameter };

export const isContactSearch = (search: ActiveSearch): search is ContactSearch =>
  search.parameter !== MESSAGES_SEARCH;

interface ListSettingsState {
  view: ContactView;
  list: ListParams;
  search: ActiveSearch | null;
  setView: (view: ContactView) => void;
  setFilter: (filter: ContactListFilter) => void;
  setOnlyMySegments: (value: boolean) => void;
  setOrder: (order: ContactOrder, direction: SortDirection) => void;
  /** Replaces the combinable filters (issue 20, item 6). */
  setFilters: (filters: ContactFilters) => void;
  /** Shows a saved view's list, ordering and filters. */
  applyList: (list: ListParams) => void;
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
  setFilters: (filters) => set((state) => ({ list: { ...state.list, filters } })),
  applyList: (list) => set({ view: 'contacts', list }),
  setSearch: (search) => set({ search }),
}));

/** The search request for the list on screen: its filter is the search's origin. */
export const searchParamsOf = (search: ContactSearch, list: ListParams): SearchParams => ({
  parameter: search.parameter,
  value: search.value.trim(),
  origin: list.filter,
});
