// Teams (issue 21, item 2): groups of a company's users with supervisors among them, and the segments
// (wallets) routed to each. A member serves the team's segments as if they were their own
// (modules/teams/served-segments.ts); a supervisor of a team manages it in the Center.
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { wallets } from './catalogues.ts';
import { createdAt, primaryId, tenantId, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** A team; archived teams route nothing but keep their members for the history. */
export const teams = pgTable(
  'teams',
  {
    id: primaryId(),
    companyId: tenantId(),
    name: text('name').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Names are unique within a company whatever their case (archived teams included).
  (t) => [uniqueIndex('teams_company_name_key').on(t.companyId, sql`lower(${t.name})`)],
);

/** Who belongs to a team; `supervisor` marks who manages it. */
export const teamMembers = pgTable(
  'team_members',
  {
    companyId: tenantId(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    supervisor: boolean('supervisor').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    // A user's teams: what their served segments and the teams they supervise start from.
    index('team_members_user_idx').on(t.userId),
  ],
);

/** The segments (wallets) routed to a team. */
export const teamWallets = pgTable(
  'team_wallets',
  {
    companyId: tenantId(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.walletId] }), index('team_wallets_wallet_idx').on(t.walletId)],
);
