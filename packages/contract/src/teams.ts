// The Center's teams (issue 21, item 2): groups of a company's users with supervisors among them and the
// segments (wallets) routed to them. A member serves the team's segments as their own ("only my segments",
// the waiting queue's preference). Administrators manage every team; a supervisor the teams they supervise.
import { z } from 'zod';
import { Id, requiredText, text, Timestamp } from './common.ts';
import { TEAM_MEMBERS_MAX, TEAM_NAME_MAX, TEAM_PAGE_MAX, TEAM_PAGE_SIZE } from './constants.ts';
import { Role } from './enums.ts';

export const TeamPerson = z.object({ id: Id, name: z.string(), role: Role });
export type TeamPerson = z.infer<typeof TeamPerson>;

export const Team = z.object({
  id: Id,
  name: z.string(),
  archived_at: Timestamp.nullable(),
  /** Who manages the team (members too). */
  supervisors: z.array(TeamPerson),
  /** Every member who is not a supervisor. */
  members: z.array(TeamPerson),
  segments: z.array(z.object({ id: Id, name: z.string() })),
  /** Whether the reader may change it: administrators, or a supervisor of the team. */
  editable: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Team = z.infer<typeof Team>;

export const TeamSort = z.enum(['name', 'created_at']);
export type TeamSort = z.infer<typeof TeamSort>;

export const TeamQuery = z.object({
  /** Part of the team's name, whatever its case. */
  search: text(100).optional(),
  sort: TeamSort.default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  /** Archived teams are listed only when asked for. */
  archived: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
  limit: z.coerce.number().int().min(1).max(TEAM_PAGE_MAX).default(TEAM_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type TeamQuery = z.infer<typeof TeamQuery>;

export const TeamPage = z.object({ data: z.array(Team), total: z.number().int() });
export type TeamPage = z.infer<typeof TeamPage>;

const ids = z.array(Id).max(TEAM_MEMBERS_MAX);

/**
 * A whole team (an edit replaces every field). A supervisor is a member; listing someone in both is allowed.
 * Only administrators change who supervises.
 */
export const TeamInput = z.object({
  name: requiredText(TEAM_NAME_MAX),
  supervisor_ids: ids.default([]),
  member_ids: ids.default([]),
  segment_ids: ids.default([]),
});
export type TeamInput = z.infer<typeof TeamInput>;

/** To the company's room when a team changed: consoles reload what depends on a user's segments. */
export const TeamChanged = z.object({ team_id: Id });
export type TeamChanged = z.infer<typeof TeamChanged>;
