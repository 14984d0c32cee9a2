// Contacts analytics' calls (issue 28): the performance of a subject over a period (with the period before),
// the volume by weekday and hour, and the history of attended customers a page at a time or as CSV.
import type { AttendanceHistory, DayStats, Performance } from '@atende/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http, request } from '../../lib/http.ts';

/** The period (calendar days of the company's zone) and whose numbers: nobody named means the company. */
export type AnalyticsParams = { from: string; to: string; user_id?: string; team_id?: string };
export type HistoryFilters = { kind?: string; search?: string };

const KEY = ['analytics'] as const;

export const performanceQuery = (params: AnalyticsParams) =>
  queryOptions({
    queryKey: [...KEY, 'performance', params],
    queryFn: ({ signal }) => http.get<Performance>('/analytics/performance', { query: params, signal }),
    placeholderData: keepPreviousData,
  });

export const dayStatsQuery = (params: AnalyticsParams) =>
  queryOptions({
    queryKey: [...KEY, 'day-stats', params],
    queryFn: ({ signal }) => http.get<DayStats>('/analytics/day-stats', { query: params, signal }),
    placeholderData: keepPreviousData,
  });

export const historyQuery = (params: AnalyticsParams & HistoryFilters) =>
  infiniteQueryOptions({
    queryKey: [...KEY, 'history', params],
    queryFn: ({ pageParam, signal }) =>
      http.get<AttendanceHistory>('/analytics/history', {
        query: { ...params, cursor: pageParam, limit: '25' },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/** The filtered history as the server streams it, as a file. */
export async function exportHistory(params: AnalyticsParams & HistoryFilters): Promise<Blob> {
  const text = await request<string>('/analytics/history.csv', { query: params, notify: false });
  // The BOM (dropped when the answer was read as text) makes spreadsheets read the file as UTF-8.
  return new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' });
}

/** A day as YYYY-MM-DD in a time zone. */
export const dayIn = (date: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    date,
  );
