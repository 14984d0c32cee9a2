// Who sees and changes which team: administrators (teams.manage) every team of the company; a supervisor
// (teams.read) the teams they supervise. Everyone else reaches no team route (the routes' ability).
import { may } from '@atende/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { teamMembers, teams } from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth.ts';

type Viewer = Pick<AuthContext, 'role' | 'permissions' | 'userId'>;

/** The teams (rows of `teams`) the user may see and edit. */
export function visibleTeams(viewer: Viewer): SQL {
  if (may(viewer, 'teams.manage')) return sql`true`;
  return sql`exists (select 1 from ${teamMembers} where ${and(
    eq(teamMembers.teamId, teams.id),
    eq(teamMembers.userId, viewer.userId),
    eq(teamMembers.supervisor, true),
  )})`;
}

/** Whether the user may change this team: administrators any, a supervisor the teams they supervise. */
export const mayEditTeam = (viewer: Viewer, team: { supervisorIds: string[] }): boolean =>
  may(viewer, 'teams.manage') || team.supervisorIds.includes(viewer.userId);
