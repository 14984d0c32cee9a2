// The changelog's calls: the versions the reader sees, the "what's new" badge, marking it seen, and the
// Center's publishing, changing and deleting. Forms show their own errors: no toast.
import type {
  ChangelogList,
  ChangelogStatus,
  ChangelogVersion,
  ChangelogVersionRequest,
  Ok,
} from '@atende/contract';
import { queryOptions } from '@tanstack/react-query';
import { http, request } from '../../lib/http.ts';

const quiet = { notify: false } as const;

export const CHANGELOG_KEY = ['changelog'] as const;

export const changelogQuery = () =>
  queryOptions({
    queryKey: [...CHANGELOG_KEY, 'versions'] as const,
    queryFn: ({ signal }) => http.get<ChangelogList>('/changelog', { signal, ...quiet }),
  });

export const changelogStatusQuery = () =>
  queryOptions({
    queryKey: [...CHANGELOG_KEY, 'status'] as const,
    // The badge is a hint: a failure shows no badge rather than an error.
    queryFn: ({ signal }) => http.get<ChangelogStatus>('/changelog/status', { signal, ...quiet }),
  });

export const markChangelogSeen = () => http.post<Ok>('/changelog/seen', undefined, quiet);

export const publishVersion = (body: ChangelogVersionRequest) =>
  http.post<ChangelogVersion>('/changelog', body, quiet);

export const updateVersion = (id: string, body: ChangelogVersionRequest) =>
  request<ChangelogVersion>(`/changelog/${encodeURIComponent(id)}`, { method: 'PUT', body, ...quiet });

export const deleteVersion = (id: string) =>
  request<Ok>(`/changelog/${encodeURIComponent(id)}`, { method: 'DELETE', ...quiet });
