// The company's teams as a choice (the contact list's team filter and its chips): the teams the user may see
// (administrators every team, supervisors the ones they supervise), read once and refreshed when a team
// changes (realtime team.changed). The Center's own paged list lives in features/center/teams.
import { TEAM_PAGE_MAX, type TeamPage } from '@atende/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from './http.ts';

/** Every team query starts with this key, so one invalidation refreshes the Center's pages and the choices. */
export const TEAMS_KEY = ['center', 'teams'] as const;

export const teamChoicesQuery = queryOptions({
  queryKey: [...TEAMS_KEY, 'choices'] as const,
  queryFn: ({ signal }) =>
    http.get<TeamPage>('/center/teams', {
      query: { limit: String(TEAM_PAGE_MAX), archived: 'true' },
      signal,
      notify: false,
    }),
  staleTime: Infinity,
});
