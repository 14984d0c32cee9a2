// The Center's team calls (/center/teams): a page of teams as the table asks for it, and each change. Forms
// and the table show their own errors: no toast.
import type { Team, TeamInput, TeamPage, TeamSort } from '@atende/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http, request } from '../../../lib/http.ts';
import { TEAMS_KEY } from '../../../lib/teams.ts';

const quiet = { notify: false } as const;
const COLLECTION = '/center/teams';
const teamPath = (id: string) => `${COLLECTION}/${encodeURIComponent(id)}`;

/** What the table shows: a page of teams, sorted, searched, with or without archived ones. */
export type TeamView = {
  search: string;
  sort: TeamSort;
  direction: 'asc' | 'desc';
  archived: boolean;
  page: number;
};

export const TEAM_PAGE = 25;

export const teamPageQuery = (view: TeamView) =>
  queryOptions({
    queryKey: [...TEAMS_KEY, 'page', view] as const,
    queryFn: ({ signal }) =>
      http.get<TeamPage>(COLLECTION, {
        query: {
          search: view.search.trim() || undefined,
          sort: view.sort,
          direction: view.direction,
          archived: String(view.archived),
          limit: String(TEAM_PAGE),
          offset: String(view.page * TEAM_PAGE),
        },
        signal,
        ...quiet,
      }),
    placeholderData: keepPreviousData,
  });

export const createTeam = (input: TeamInput) => http.post<Team>(COLLECTION, input, quiet);

export const updateTeam = (id: string, input: TeamInput) =>
  request<Team>(teamPath(id), { method: 'PUT', body: input, ...quiet });

export const setTeamArchived = (id: string, archived: boolean) =>
  http.post<Team>(`${teamPath(id)}/${archived ? 'archive' : 'unarchive'}`, {}, quiet);
