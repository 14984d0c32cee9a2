// The Center's catalogue calls (/center/catalogues/<catalogue>): a page of entries as the table asks for it,
// and each change. Forms and the table show their own errors: no toast.
import type {
  Catalogue,
  CatalogueEntry,
  CatalogueInput,
  CataloguePage,
  CatalogueSort,
} from '@atende/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http, request } from '../../../lib/http.ts';

const quiet = { notify: false } as const;
const collection = (catalogue: Catalogue) => `/center/catalogues/${catalogue}`;
const entryPath = (catalogue: Catalogue, id: string) => `${collection(catalogue)}/${encodeURIComponent(id)}`;

/** What the table shows: a page of a catalogue, sorted, searched, with or without archived entries. */
export type CatalogueView = {
  search: string;
  sort: CatalogueSort;
  direction: 'asc' | 'desc';
  archived: boolean;
  page: number;
};

export const CATALOGUE_PAGE = 25;

/** Every page of a catalogue shares this key's start, so one invalidation refreshes them all. */
export const catalogueKey = (catalogue: Catalogue) => ['center', 'catalogues', catalogue] as const;

export const catalogueQuery = (catalogue: Catalogue, view: CatalogueView) =>
  queryOptions({
    queryKey: [...catalogueKey(catalogue), view] as const,
    queryFn: ({ signal }) =>
      http.get<CataloguePage>(collection(catalogue), {
        query: {
          search: view.search.trim() || undefined,
          sort: view.sort,
          direction: view.direction,
          archived: String(view.archived),
          limit: String(CATALOGUE_PAGE),
          offset: String(view.page * CATALOGUE_PAGE),
        },
        signal,
        ...quiet,
      }),
    placeholderData: keepPreviousData,
  });

export const createEntry = (catalogue: Catalogue, input: CatalogueInput) =>
  http.post<CatalogueEntry>(collection(catalogue), input, quiet);

export const updateEntry = (catalogue: Catalogue, id: string, input: CatalogueInput) =>
  request<CatalogueEntry>(entryPath(catalogue, id), { method: 'PUT', body: input, ...quiet });

export const moveEntry = (catalogue: Catalogue, id: string, position: number) =>
  http.post<CatalogueEntry>(`${entryPath(catalogue, id)}/move`, { position }, quiet);

export const setArchived = (catalogue: Catalogue, id: string, archived: boolean) =>
  http.post<CatalogueEntry>(`${entryPath(catalogue, id)}/${archived ? 'archive' : 'unarchive'}`, {}, quiet);
