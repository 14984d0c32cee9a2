// Saved personal views of the contact list (issue 20, item 6): the user's views, and saving, renaming and
// deleting one. Errors (a taken name, the limit) are shown by the caller's form, in the server's words.
import type {
  NewSavedViewRequest,
  Ok,
  SavedView,
  SavedViewList,
  UpdateSavedViewRequest,
} from '@atende/contract';
import { queryOptions } from '@tanstack/react-query';
import { http, request } from '../../lib/http.ts';
import type { ListParams } from '../../lib/contact-keys.ts';

const base = '/views';
const quiet = { notify: false } as const;

export const VIEWS_KEY = ['views'] as const;

export const savedViewsQuery = queryOptions({
  queryKey: VIEWS_KEY,
  queryFn: ({ signal }) => http.get<SavedViewList>(base, { signal }),
});

export const createView = (body: NewSavedViewRequest) => http.post<SavedView>(base, body, quiet);

export const updateView = (id: string, body: UpdateSavedViewRequest) =>
  request<SavedView>(`${base}/${encodeURIComponent(id)}`, { method: 'PATCH', body, ...quiet });

export const deleteView = (id: string) =>
  request<Ok>(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE', ...quiet });

/** Whether the list on screen is the view's (so the picker can name it). */
export const showsView = (list: ListParams, view: SavedView): boolean =>
  JSON.stringify(canonical(list)) === JSON.stringify(canonical(view.list));

/** A list with its filters in one order and without empty ones, so equal lists compare equal. */
function canonical(list: ListParams) {
  const filters = Object.entries(list.filters)
    .filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0))
    .map(([name, value]) => [name, Array.isArray(value) ? [...(value as string[])].sort() : value])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  return [list.filter, list.only_my_segments, list.order, list.direction, filters];
}
