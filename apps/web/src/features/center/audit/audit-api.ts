// The Center's audit log call (GET /center/audit): pages of events matching the filters, newest first, each
// after the cursor of the page before. The page shows the server's error in place: no toast.
import type { AuditPage } from '@atende/contract';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { AuditParams } from './audit-filters.ts';

export const auditQuery = (params: AuditParams) =>
  infiniteQueryOptions({
    queryKey: ['center', 'audit', params] as const,
    queryFn: ({ pageParam, signal }) =>
      http.get<AuditPage>('/center/audit', {
        query: { ...params, cursor: pageParam },
        signal,
        notify: false,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
