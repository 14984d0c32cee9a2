// The Center's user calls (/center/users): a page of users as the table asks for it, and each change. Forms and
// the table show their own errors: no toast.
import type {
  CenterUser,
  CenterUserPage,
  CenterUserSort,
  CreatedUser,
  CreateUserRequest,
  PasswordReset,
  PasswordResetLink,
  UpdateUserRequest,
  UserImportPreview,
  UserImportResult,
  UserImportRow,
} from '@atende/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http, request } from '../../../lib/http.ts';

const quiet = { notify: false } as const;
const COLLECTION = '/center/users';
const userPath = (id: string) => `${COLLECTION}/${encodeURIComponent(id)}`;

/** What the table shows: a page of users, sorted, searched, filtered by status. */
export type UserView = {
  search: string;
  sort: CenterUserSort;
  direction: 'asc' | 'desc';
  status: 'all' | 'active' | 'inactive';
  page: number;
};

export const USER_PAGE = 25;

/** Every page shares this key's start, so one invalidation refreshes them all. */
export const usersKey = ['center', 'users'] as const;

export const usersQuery = (view: UserView) =>
  queryOptions({
    queryKey: [...usersKey, view] as const,
    queryFn: ({ signal }) =>
      http.get<CenterUserPage>(COLLECTION, {
        query: {
          search: view.search.trim() || undefined,
          sort: view.sort,
          direction: view.direction,
          status: view.status,
          limit: String(USER_PAGE),
          offset: String(view.page * USER_PAGE),
        },
        signal,
        ...quiet,
      }),
    placeholderData: keepPreviousData,
  });

export const createUser = (input: CreateUserRequest) => http.post<CreatedUser>(COLLECTION, input, quiet);

export const updateUser = (id: string, input: UpdateUserRequest) =>
  request<CenterUser>(userPath(id), { method: 'PUT', body: input, ...quiet });

export const setUserActive = (id: string, active: boolean) =>
  http.post<CenterUser>(`${userPath(id)}/${active ? 'reactivate' : 'deactivate'}`, {}, quiet);

export const resetUserPassword = (id: string) =>
  http.post<PasswordReset>(`${userPath(id)}/reset-password`, {}, quiet);

/** A one-time reset link for the user, answered once (the server keeps only its hash). */
export const createResetLink = (id: string) =>
  http.post<PasswordResetLink>(`${userPath(id)}/reset-link`, {}, quiet);

/** A CSV file's rows, each with its errors; nothing is created yet. */
export function previewUserImport(file: File) {
  const form = new FormData();
  form.set('file', file, file.name);
  return http.post<UserImportPreview>(`${COLLECTION}/import/preview`, form, quiet);
}

/** Creates the rows the server still finds valid; their temporary passwords come back once. */
export const importUsers = (rows: UserImportRow[]) =>
  http.post<UserImportResult>(`${COLLECTION}/import`, { rows }, quiet);
