// The Center's audit log call (GET /center/audit): pages of events, newest first, each after the cursor of
// the page before. The page shows the server's error in place: no toast.
import type { AuditPage } from '@atende/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const auditQuery = infiniteQueryOptions({
  queryKey: ['center', 'audit'] as const,
  queryFn: ({ pageParam, signal }) =>
    http.get<AuditPage>('/center/audit', { query: { cursor: pageParam }, signal, notify: false }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.next_cursor ?? undefined,
});
