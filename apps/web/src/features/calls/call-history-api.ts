// The call histories' calls: the company's (GET /center/phone/calls, supervisors and administrators) and a
// customer's (GET /phone/cdr-calls/{contactId}), pages of calls newest first each after the cursor of the page
// before; the company's as CSV with the same filters; and a call that changed (realtime `call.changed`)
// patched into whichever loaded history shows it, or those it may join asked again.
import type { CallRecord, CallRecordPage } from '@atende/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { http, request } from '../../lib/http.ts';
import type { CallParams } from './call-filters.ts';

export const CALLS_KEY = ['calls'] as const;

const pages = (key: readonly unknown[], path: string, params: CallParams) =>
  infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam, signal }) =>
      http.get<CallRecordPage>(path, { query: { ...params, cursor: pageParam }, signal, notify: false }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const companyCallsQuery = (params: CallParams) =>
  pages([...CALLS_KEY, 'company', params], '/center/phone/calls', params);

export const customerCallsQuery = (contactId: string, params: CallParams) =>
  pages(
    [...CALLS_KEY, 'contact', contactId, params],
    `/phone/cdr-calls/${encodeURIComponent(contactId)}`,
    params,
  );

/** The company's calls the filters select, as the server streams them, as a file. */
export async function exportCalls(params: CallParams): Promise<Blob> {
  const text = await request<string>('/center/phone/calls.csv', { query: params, notify: false });
  // The BOM (dropped when the answer was read as text) makes spreadsheets read the file as UTF-8.
  return new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' });
}

type Pages = InfiniteData<CallRecordPage, unknown>;

/**
 * A call changed: shown already, it is replaced where it is; new, the histories it may belong to (the
 * company's, its customer's) are asked again, their filters being the server's to apply.
 */
export function applyCallChange(client: QueryClient, call: CallRecord): void {
  for (const [key, data] of client.getQueriesData<Pages>({ queryKey: CALLS_KEY })) {
    if (!data) continue;
    const shown = data.pages.some((page) => page.data.some((row) => row.id === call.id));
    if (shown) {
      client.setQueryData<Pages>(key, {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          data: page.data.map((row) => (row.id === call.id ? call : row)),
        })),
      });
      continue;
    }
    const scope = key[1];
    if (scope === 'company' || (scope === 'contact' && key[2] === call.contact_id)) {
      void client.invalidateQueries({ queryKey: key, exact: true });
    }
  }
}
