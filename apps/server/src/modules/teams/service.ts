// The Center's teams: list (paged, sorted, searched), read, create, edit and (un)archive. Administrators manage
// every team; a supervisor edits the teams they supervise (name, members, segments) but not who supervises.
// Every change is one transaction that writes the audit log and announces the team, after commit, to the
// company's consoles (their segment-based lists depend on it: served-segments.ts).
import {
  defaultPermissions,
  may,
  type AuditDetails,
  type AuditKind,
  type Role,
  type TeamInput,
  type TeamQuery,
} from '@atende/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { teamMembers, teams, teamWallets, users, wallets } from '../../db/schema/index.ts';
import { authorize, type TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { inTransaction, type DomainEvent, type EventBus } from '../../platform/events.ts';
import { recordAuditEvent } from '../audit/service.ts';
import { mayEditTeam, visibleTeams } from './policy.ts';

export type TeamPerson = { id: string; name: string; role: Role; supervisor: boolean };
/** A team with its people and segments, as the presenter needs it. */
export type TeamDetail = typeof teams.$inferSelect & {
  people: TeamPerson[];
  segments: { id: string; name: string }[];
  supervisorIds: string[];
};
export type TeamPageRows = { rows: TeamDetail[]; total: number };

export type TeamService = ReturnType<typeof teamService>;

const unique = (ids: string[]) => [...new Set(ids)];

/** Each team's people and segments, read for all the teams of a page at once (two statements). */
async function withDetails(db: Db, companyId: string, rows: (typeof teams.$inferSelect)[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [people, segments] = await Promise.all([
    db
      .select({
        teamId: teamMembers.teamId,
        id: users.id,
        name: users.name,
        role: users.role,
        supervisor: teamMembers.supervisor,
      })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.companyId, companyId), inArray(teamMembers.teamId, ids)))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id)),
    db
      .select({ teamId: teamWallets.teamId, id: wallets.id, name: wallets.name })
      .from(teamWallets)
      .innerJoin(wallets, eq(wallets.id, teamWallets.walletId))
      .where(and(eq(teamWallets.companyId, companyId), inArray(teamWallets.teamId, ids)))
      .orderBy(asc(sql`lower(${wallets.name})`), asc(wallets.id)),
  ]);
  return rows.map((row): TeamDetail => {
    const own = people.filter((person) => person.teamId === row.id);
    return {
      ...row,
      people: own.map(({ id, name, role, supervisor }) => ({ id, name, role, supervisor })),
      segments: segments.filter((s) => s.teamId === row.id).map(({ id, name }) => ({ id, name })),
      supervisorIds: own.filter((person) => person.supervisor).map((person) => person.id),
    };
  });
}

export function teamService(deps: { bus: EventBus }) {
  /** A team the user may see, with its details; another company's, or one they do not supervise: 404. */
  async function visible(ctx: TenantContext, id: string): Promise<TeamDetail> {
    const [row] = await ctx.db
      .select()
      .from(teams)
      .where(and(eq(teams.id, id), eq(teams.companyId, ctx.companyId), visibleTeams(ctx)))
      .limit(1);
    if (!row) throw notFound();
    authorize(ctx, 'teams.read');
    const [detail] = await withDetails(ctx.db, ctx.companyId, [row]);
    return detail!;
  }

  /** Names are unique within the company whatever their case, archived teams included. */
  async function assertNameFree(tx: Db, ctx: TenantContext, name: string, id?: string) {
    const [taken] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(
        and(
          eq(teams.companyId, ctx.companyId),
          sql`lower(${teams.name}) = lower(${name})`,
          id ? ne(teams.id, id) : undefined,
        ),
      )
      .limit(1);
    if (taken) throw new AppError('team_name_taken', 409, { name });
  }

  /**
   * The chosen users must be the company's, and active unless the team already has them (a member who left
   * stays listed until someone removes them); likewise segments must be the company's and not archived
   * unless already routed. Unknown ids are a 400, never a lookup of another company's rows.
   */
  async function assertChoices(tx: Db, ctx: TenantContext, input: TeamInput, current?: TeamDetail) {
    const people = unique([...input.supervisor_ids, ...input.member_ids]);
    if (people.length > 0) {
      const found = await tx
        .select({ id: users.id, active: users.active, role: users.role })
        .from(users)
        .where(and(eq(users.companyId, ctx.companyId), inArray(users.id, people)));
      const had = new Set(current?.people.map((person) => person.id));
      const ok = new Set(found.filter((user) => user.active || had.has(user.id)).map((user) => user.id));
      if (people.some((id) => !ok.has(id))) throw new AppError('team_user_unknown', 400);
      // A supervisor manages the team in the Center: only a supervising role may open it.
      const supervising = new Set(
        found
          .filter((user) =>
            may({ role: user.role, permissions: defaultPermissions(user.role) }, 'teams.read'),
          )
          .map((user) => user.id),
      );
      if (input.supervisor_ids.some((id) => !supervising.has(id))) {
        throw new AppError('team_supervisor_role', 400);
      }
    }
    const segments = unique(input.segment_ids);
    if (segments.length > 0) {
      const found = await tx
        .select({ id: wallets.id, archivedAt: wallets.archivedAt })
        .from(wallets)
        .where(and(eq(wallets.companyId, ctx.companyId), inArray(wallets.id, segments)));
      const had = new Set(current?.segments.map((segment) => segment.id));
      const ok = new Set(found.filter((w) => w.archivedAt === null || had.has(w.id)).map((w) => w.id));
      if (segments.some((id) => !ok.has(id))) throw new AppError('team_segment_unknown', 400);
    }
  }

  /** Replaces the team's members and segments with the input's. */
  async function writeMembership(tx: Db, ctx: TenantContext, teamId: string, input: TeamInput) {
    await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.companyId, ctx.companyId)));
    await tx
      .delete(teamWallets)
      .where(and(eq(teamWallets.teamId, teamId), eq(teamWallets.companyId, ctx.companyId)));
    const supervisors = new Set(input.supervisor_ids);
    const people = unique([...input.supervisor_ids, ...input.member_ids]);
    if (people.length > 0) {
      await tx.insert(teamMembers).values(
        people.map((userId) => ({
          companyId: ctx.companyId,
          teamId,
          userId,
          supervisor: supervisors.has(userId),
        })),
      );
    }
    const segments = unique(input.segment_ids);
    if (segments.length > 0) {
      await tx
        .insert(teamWallets)
        .values(segments.map((walletId) => ({ companyId: ctx.companyId, teamId, walletId })));
    }
  }

  /** Audits the change and announces the team after commit. */
  async function recordChange(
    tx: Db,
    record: (event: DomainEvent) => void,
    ctx: TenantContext,
    kind: AuditKind,
    team: { id: string; name: string },
    details: AuditDetails = {},
  ) {
    await recordAuditEvent(tx, {
      companyId: ctx.companyId,
      kind,
      actorUserId: ctx.userId,
      subject: team.name,
      details: { team_id: team.id, ...details },
    });
    record({ type: 'team.changed', companyId: ctx.companyId, teamId: team.id });
  }

  const sizes = (input: TeamInput): AuditDetails => ({
    supervisors: unique(input.supervisor_ids).length,
    members: unique([...input.supervisor_ids, ...input.member_ids]).length,
    segments: unique(input.segment_ids).length,
  });

  return {
    async list(ctx: TenantContext, query: TeamQuery): Promise<TeamPageRows> {
      const filters: (SQL | undefined)[] = [eq(teams.companyId, ctx.companyId), visibleTeams(ctx)];
      if (!query.archived) filters.push(isNull(teams.archivedAt));
      if (query.search) filters.push(ilike(teams.name, `%${escapeLike(query.search)}%`));
      const where = and(...filters);
      const by = query.direction === 'desc' ? desc : asc;
      const order =
        query.sort === 'created_at'
          ? [by(teams.createdAt), by(teams.id)]
          : [by(sql`lower(${teams.name})`), by(teams.id)];
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select()
          .from(teams)
          .where(where)
          .orderBy(...order)
          .limit(query.limit)
          .offset(query.offset),
        ctx.db.select({ value: count() }).from(teams).where(where),
      ]);
      return { rows: await withDetails(ctx.db, ctx.companyId, rows), total: total?.value ?? 0 };
    },

    get: (ctx: TenantContext, input: { id: string }): Promise<TeamDetail> => visible(ctx, input.id),

    async create(ctx: TenantContext, input: TeamInput): Promise<TeamDetail> {
      authorize(ctx, 'teams.manage');
      const id = await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        await assertNameFree(tx, ctx, input.name);
        await assertChoices(tx, ctx, input);
        const [row] = await tx
          .insert(teams)
          .values({ companyId: ctx.companyId, name: input.name })
          .returning();
        await writeMembership(tx, ctx, row!.id, input);
        await recordChange(tx, record, ctx, 'team_created', row!, sizes(input));
        return row!.id;
      });
      return visible(ctx, id);
    },

    /** Replaces the team's name, people and segments; only administrators change who supervises. */
    async update(ctx: TenantContext, input: TeamInput & { id: string }): Promise<TeamDetail> {
      const current = await visible(ctx, input.id);
      if (!mayEditTeam(ctx, current)) throw forbidden();
      const supervisorsChanged =
        [...unique(input.supervisor_ids)].sort().join() !== [...current.supervisorIds].sort().join();
      if (supervisorsChanged) authorize(ctx, 'teams.manage');
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        await assertNameFree(tx, ctx, input.name, input.id);
        await assertChoices(tx, ctx, input, current);
        const [row] = await tx
          .update(teams)
          .set({ name: input.name, updatedAt: new Date() })
          .where(and(eq(teams.id, input.id), eq(teams.companyId, ctx.companyId)))
          .returning();
        await writeMembership(tx, ctx, input.id, input);
        const details: AuditDetails = {
          ...sizes(input),
          ...(current.name === input.name ? {} : { previous_name: current.name }),
        };
        await recordChange(tx, record, ctx, 'team_updated', row!, details);
      });
      return visible(ctx, input.id);
    },

    /** Archives or brings back a team (administrators); asking for the state it is in changes nothing. */
    async setArchived(ctx: TenantContext, input: { id: string; archived: boolean }): Promise<TeamDetail> {
      const current = await visible(ctx, input.id);
      authorize(ctx, 'teams.manage');
      if ((current.archivedAt !== null) === input.archived) return current;
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const now = new Date();
        const [row] = await tx
          .update(teams)
          .set({ archivedAt: input.archived ? now : null, updatedAt: now })
          .where(and(eq(teams.id, input.id), eq(teams.companyId, ctx.companyId)))
          .returning();
        await recordChange(tx, record, ctx, input.archived ? 'team_archived' : 'team_unarchived', row!);
      });
      return visible(ctx, input.id);
    },
  };
}
