// Teams as the contract's Team: supervisors and members apart, segments, and whether the reader may edit it.
import type { Team, TeamPage } from '@atende/contract';
import type { AuthContext } from '../../platform/auth.ts';
import { isoTimestamp } from '../../platform/db/timestamps.ts';
import { mayEditTeam } from './policy.ts';
import type { TeamDetail, TeamPageRows } from './service.ts';

type Viewer = Pick<AuthContext, 'role' | 'permissions' | 'userId'>;

export const presentTeam = (viewer: Viewer, team: TeamDetail): Team => ({
  id: team.id,
  name: team.name,
  archived_at: team.archivedAt ? isoTimestamp(team.archivedAt) : null,
  supervisors: team.people.filter((p) => p.supervisor).map(({ id, name, role }) => ({ id, name, role })),
  members: team.people.filter((p) => !p.supervisor).map(({ id, name, role }) => ({ id, name, role })),
  segments: team.segments,
  editable: mayEditTeam(viewer, team),
  created_at: isoTimestamp(team.createdAt),
  updated_at: isoTimestamp(team.updatedAt),
});

export const presentTeamPage = (viewer: Viewer, page: TeamPageRows): TeamPage => ({
  data: page.rows.map((team) => presentTeam(viewer, team)),
  total: page.total,
});
