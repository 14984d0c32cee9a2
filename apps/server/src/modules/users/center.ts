// The Center's users (issue 21, item 1): the company's users listed (paged, sorted, searched) for supervisors,
// and created, edited, deactivated, reactivated and given a new temporary password by administrators, with their
// segments and teams. Each
// change is one transaction that also writes the audit log; sessions a change ends are announced after commit
// (their sockets close on every process), and role or flag changes reach every process through the database's
// auth triggers (migration 0020).
import { randomInt } from 'node:crypto';
import {
  defaultPermissions,
  TEMPORARY_PASSWORD_LENGTH,
  type AuditDetails,
  type AuditKind,
  type CenterUserQuery,
  type CreateUserRequest,
  type Permissions,
  type UpdateUserRequest,
  isKnownTimezone,
} from '@atende/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { sessions, teamMembers, teams, users, userWallets, wallets } from '../../db/schema/index.ts';
import { authorize, permissionsOfRow, permissionValues, type TenantContext } from '../../platform/auth.ts';
import { isUniqueViolation, type Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type DomainEvent, type EventBus } from '../../platform/events.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { recordAuditEvent } from '../audit/service.ts';
import type { UserRow } from './service.ts';

export type UserSegment = { userId: string; id: string; name: string };
/** A team the user belongs to. */
export type UserTeam = UserSegment;
/** A user with their segments and teams, what the presenter shows. */
export type ManagedUser = { row: UserRow; segments: UserSegment[]; teams: UserTeam[] };
export type ManagedUserPage = { users: ManagedUser[]; total: number };

/** No 0/O, 1/l/I: a temporary password is read aloud or copied by hand. */
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const temporaryPassword = () =>
  Array.from(
    { length: TEMPORARY_PASSWORD_LENGTH },
    () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)],
  ).join('');

/** The stored flags: the role's defaults, then what the administrator set apart from them. */
const flagsOf = (input: Pick<UpdateUserRequest, 'role' | 'permissions'>): Permissions => ({
  ...defaultPermissions(input.role),
  ...input.permissions,
});

/** Two administrators creating the same username at once: the unique index refuses the second. */
export const takenRace = (username: string) => (error: unknown) => {
  if (isUniqueViolation(error)) throw new AppError('username_taken', 409, { username });
  throw error;
};

const SORTS = {
  name: sql`lower(${users.name})`,
  username: users.username,
  role: users.role,
  last_login_at: users.lastLoginAt,
} as const;

/** The segments of the given users, by name. */
export async function segmentsOf(db: Db, companyId: string, userIds: string[]): Promise<UserSegment[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: userWallets.userId, id: wallets.id, name: wallets.name })
    .from(userWallets)
    .innerJoin(wallets, eq(wallets.id, userWallets.walletId))
    .where(and(eq(userWallets.companyId, companyId), inArray(userWallets.userId, userIds)))
    .orderBy(asc(sql`lower(${wallets.name})`));
}

/** The teams of the given users, by name (archived ones included: the user still belongs to them). */
export async function teamsOf(db: Db, companyId: string, userIds: string[]): Promise<UserTeam[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: teamMembers.userId, id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.companyId, companyId), inArray(teamMembers.userId, userIds)))
    .orderBy(asc(sql`lower(${teams.name})`));
}

/** The users with their segments and teams: two statements whatever the number of users. */
export async function withMemberships(db: Db, companyId: string, rows: UserRow[]): Promise<ManagedUser[]> {
  const ids = rows.map((row) => row.id);
  const [segments, memberships] = await Promise.all([
    segmentsOf(db, companyId, ids),
    teamsOf(db, companyId, ids),
  ]);
  return rows.map((row) => ({
    row,
    segments: segments.filter((segment) => segment.userId === row.id),
    teams: memberships.filter((team) => team.userId === row.id),
  }));
}

/** Which of `usernames` the company already has, whatever their case (they are stored lowercase). */
export async function takenUsernames(db: Db, companyId: string, usernames: string[], exceptId?: string) {
  if (usernames.length === 0) return new Set<string>();
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        inArray(
          sql`lower(${users.username})`,
          usernames.map((username) => username.toLowerCase()),
        ),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    );
  return new Set(rows.map((row) => row.username.toLowerCase()));
}

async function setSegments(tx: Db, ctx: TenantContext, userId: string, ids: string[]) {
  await tx
    .delete(userWallets)
    .where(and(eq(userWallets.userId, userId), eq(userWallets.companyId, ctx.companyId)));
  const unique = [...new Set(ids)];
  if (unique.length > 0)
    await tx
      .insert(userWallets)
      .values(unique.map((walletId) => ({ companyId: ctx.companyId, userId, walletId })));
}

/**
 * Makes the user's teams exactly `ids`: a team dropped loses them, a team kept keeps whether they supervise it,
 * a team added gets them as a member. Answers the teams whose members changed, for their realtime announcement.
 */
async function setTeams(tx: Db, ctx: TenantContext, userId: string, ids: string[]): Promise<string[]> {
  const wanted = new Set(ids);
  const current = await tx
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.companyId, ctx.companyId)));
  const had = new Set(current.map((row) => row.teamId));
  const dropped = [...had].filter((id) => !wanted.has(id));
  const added = [...wanted].filter((id) => !had.has(id));
  if (dropped.length > 0)
    await tx
      .delete(teamMembers)
      .where(
        and(
          eq(teamMembers.userId, userId),
          eq(teamMembers.companyId, ctx.companyId),
          inArray(teamMembers.teamId, dropped),
        ),
      );
  if (added.length > 0)
    await tx
      .insert(teamMembers)
      .values(added.map((teamId) => ({ companyId: ctx.companyId, teamId, userId, supervisor: false })));
  return [...dropped, ...added];
}

const fieldValues = (input: UpdateUserRequest) => ({
  name: input.name,
  username: input.username,
  email: input.email,
  role: input.role,
  language: input.language,
  timezone: input.timezone,
  ...permissionValues(flagsOf(input)),
});

/**
 * Inserts new users who must choose their own password at first login, with their segments: the one creation
 * path, for a user made in the form and for a file's imported rows. Rows come back in the inputs' order.
 */
export async function insertUsers(
  tx: Db,
  ctx: TenantContext,
  inputs: { input: UpdateUserRequest; passwordHash: string }[],
): Promise<UserRow[]> {
  if (inputs.length === 0) return [];
  const rows = await tx
    .insert(users)
    .values(
      inputs.map(({ input, passwordHash }) => ({
        companyId: ctx.companyId,
        ...fieldValues(input),
        passwordHash,
        requireNewPassword: true,
      })),
    )
    .returning();
  const byUsername = new Map(rows.map((row) => [row.username, row]));
  const ordered = inputs.map(({ input }) => byUsername.get(input.username)!);
  const links = ordered.flatMap((row, index) =>
    [...new Set(inputs[index]!.input.segment_ids)].map((walletId) => ({
      companyId: ctx.companyId,
      userId: row.id,
      walletId,
    })),
  );
  if (links.length > 0) await tx.insert(userWallets).values(links);
  const memberships = ordered.flatMap((row, index) =>
    [...new Set(inputs[index]!.input.team_ids)].map((teamId) => ({
      companyId: ctx.companyId,
      teamId,
      userId: row.id,
      supervisor: false,
    })),
  );
  if (memberships.length > 0) await tx.insert(teamMembers).values(memberships);
  return ordered;
}

export function centerUserOperations(deps: { bus: EventBus }) {
  async function assertUsernameFree(tx: Db, ctx: TenantContext, username: string, id?: string) {
    if ((await takenUsernames(tx, ctx.companyId, [username], id)).size > 0)
      throw new AppError('username_taken', 409, { username });
  }

  /** A user of the company, or 404 whoever asks (no existence leak across companies). */
  async function find(db: Db, ctx: TenantContext, id: string, lock = false): Promise<UserRow> {
    const query = db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.companyId, ctx.companyId)))
      .limit(1);
    const [row] = await (lock ? query.for('update') : query);
    if (!row) throw notFound();
    return row;
  }

  /**
   * A user an administrator may change: looked up first (another company's is 404 for anyone), then the
   * ability; the platform's super administrator is no company administrator's to change.
   */
  async function managed(tx: Db, ctx: TenantContext, id: string): Promise<UserRow> {
    const row = await find(tx, ctx, id, true);
    authorize(ctx, 'users.manage');
    if (row.role === 'super_admin') throw new AppError('role_not_assignable', 403);
    return row;
  }

  /**
   * The teams must be the company's (another company's is refused like one that does not exist) and current;
   * an archived team the user already belongs to may stay, as a team keeps its archived segments.
   */
  async function assertTeamsOwned(tx: Db, ctx: TenantContext, ids: string[], userId?: string) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const found = await tx
      .select({ id: teams.id, archivedAt: teams.archivedAt, member: teamMembers.userId })
      .from(teams)
      .leftJoin(
        teamMembers,
        and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId ?? sql`null`)),
      )
      .where(and(eq(teams.companyId, ctx.companyId), inArray(teams.id, unique)));
    const ok = found.filter((team) => team.archivedAt === null || team.member !== null);
    if (ok.length !== unique.length) throw new AppError('team_not_found', 400);
  }

  async function assertSegmentsOwned(tx: Db, ctx: TenantContext, ids: string[]) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const [found] = await tx
      .select({ value: count() })
      .from(wallets)
      .where(and(eq(wallets.companyId, ctx.companyId), inArray(wallets.id, unique)));
    if ((found?.value ?? 0) !== unique.length) throw new AppError('segment_not_found', 400);
  }

  /**
   * Refuses a change that would leave the company without an active administrator. The company's active
   * administrators are locked first, so two administrators demoting each other at once cannot both pass.
   */
  async function assertAnotherAdmin(tx: Db, ctx: TenantContext, userId: string) {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, ctx.companyId), eq(users.role, 'admin'), eq(users.active, true)))
      .for('update');
    if (!admins.some((admin) => admin.id !== userId)) throw new AppError('last_admin', 409);
  }

  /** Ends every open session of the user but `keep`; their sockets close after commit. */
  async function revokeSessions(
    tx: Db,
    record: (event: DomainEvent) => void,
    ctx: TenantContext,
    userId: string,
    keep?: string,
  ) {
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.userId, userId),
          eq(sessions.companyId, ctx.companyId),
          isNull(sessions.revokedAt),
          keep ? ne(sessions.id, keep) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    record({ type: 'sessions.revoked', companyId: ctx.companyId, sessionIds: revoked.map((row) => row.id) });
  }

  const audit = (tx: Db, ctx: TenantContext, kind: AuditKind, row: UserRow, details: AuditDetails = {}) =>
    recordAuditEvent(tx, {
      companyId: ctx.companyId,
      kind,
      actorUserId: ctx.userId,
      subject: row.username,
      details: { user_id: row.id, ...details },
    });

  async function validateFields(tx: Db, ctx: TenantContext, input: UpdateUserRequest, id?: string) {
    if (!isKnownTimezone(input.timezone)) throw new AppError('invalid_timezone', 400);
    await assertUsernameFree(tx, ctx, input.username, id);
    await assertSegmentsOwned(tx, ctx, input.segment_ids);
    await assertTeamsOwned(tx, ctx, input.team_ids, id);
  }

  /** What an edit changed, for the audit log: each field's previous and new value, flags by name. */
  function changes(
    before: UserRow,
    after: UserRow,
    groupsBefore: { segments: string[]; teams: string[] },
    groupsAfter: { segments: string[]; teams: string[] },
  ) {
    const details: AuditDetails = {};
    for (const field of ['name', 'username', 'email', 'role', 'language', 'timezone'] as const) {
      if (before[field] !== after[field]) {
        details[`previous_${field}`] = before[field];
        details[field] = after[field];
      }
    }
    const flagsBefore = permissionsOfRow(before);
    const flagsAfter = permissionsOfRow(after);
    for (const flag of Object.keys(flagsAfter) as (keyof Permissions)[]) {
      if (flagsBefore[flag] !== flagsAfter[flag]) details[`permission_${flag}`] = flagsAfter[flag];
    }
    for (const group of ['segments', 'teams'] as const) {
      const sortedBefore = [...groupsBefore[group]].sort().join(', ');
      const sortedAfter = [...groupsAfter[group]].sort().join(', ');
      if (sortedBefore !== sortedAfter) {
        details[`previous_${group}`] = sortedBefore;
        details[group] = sortedAfter;
      }
    }
    return details;
  }

  const groupNames = (user: ManagedUser) => ({
    segments: user.segments.map((segment) => segment.name),
    teams: user.teams.map((team) => team.name),
  });

  /** Teams whose members changed: their pages (and anyone's served segments) follow after commit. */
  const announceTeams = (record: (event: DomainEvent) => void, ctx: TenantContext, ids: string[]) => {
    for (const teamId of ids) record({ type: 'team.changed', companyId: ctx.companyId, teamId });
  };

  return {
    async list(ctx: TenantContext, query: CenterUserQuery): Promise<ManagedUserPage> {
      const filters: (SQL | undefined)[] = [eq(users.companyId, ctx.companyId)];
      if (query.status !== 'all') filters.push(eq(users.active, query.status === 'active'));
      if (query.search) {
        const pattern = `%${escapeLike(query.search)}%`;
        filters.push(
          or(ilike(users.name, pattern), ilike(users.username, pattern), ilike(users.email, pattern)),
        );
      }
      const where = and(...filters);
      const by = query.direction === 'desc' ? desc : asc;
      const nulls = query.direction === 'desc' ? sql`nulls last` : sql`nulls first`;
      const key = SORTS[query.sort];
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select()
          .from(users)
          .where(where)
          .orderBy(sql`${by(key)} ${nulls}`, asc(sql`lower(${users.name})`), asc(users.id))
          .limit(query.limit)
          .offset(query.offset),
        ctx.db.select({ value: count() }).from(users).where(where),
      ]);
      return { users: await withMemberships(ctx.db, ctx.companyId, rows), total: total?.value ?? 0 };
    },

    /** Another company's user is 404 for anyone, hence the ability checked after the lookup. */
    async get(ctx: TenantContext, id: string): Promise<ManagedUser> {
      const row = await find(ctx.db, ctx, id);
      authorize(ctx, 'users.read');
      return (await withMemberships(ctx.db, ctx.companyId, [row]))[0]!;
    },

    /**
     * A new user who must choose their own password at first login: the administrator's, or a temporary one
     * generated here and answered once (an invitation).
     */
    async create(ctx: TenantContext, input: CreateUserRequest) {
      const password = input.password ?? temporaryPassword();
      const passwordHash = await hashPassword(password);
      const user = await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        await validateFields(tx, ctx, input);
        const [row] = await insertUsers(tx, ctx, [{ input, passwordHash }]);
        const created = (await withMemberships(tx, ctx.companyId, [row!]))[0]!;
        await audit(tx, ctx, 'user_created', row!, {
          role: row!.role,
          invited: input.password === null,
          ...(created.teams.length > 0 && { teams: groupNames(created).teams.join(', ') }),
        });
        announceTeams(
          record,
          ctx,
          created.teams.map((team) => team.id),
        );
        return created;
      }).catch(takenRace(input.username));
      return { user, temporaryPassword: input.password === null ? password : null };
    },

    async update(ctx: TenantContext, input: UpdateUserRequest & { id: string }): Promise<ManagedUser> {
      return inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const before = await managed(tx, ctx, input.id);
        if (before.role === 'admin' && input.role !== 'admin' && before.active)
          await assertAnotherAdmin(tx, ctx, before.id);
        await validateFields(tx, ctx, input, input.id);
        const [groupsBefore] = await withMemberships(tx, ctx.companyId, [before]);
        const [row] = await tx
          .update(users)
          .set({ ...fieldValues(input), updatedAt: new Date() })
          .where(and(eq(users.id, input.id), eq(users.companyId, ctx.companyId)))
          .returning();
        await setSegments(tx, ctx, row!.id, input.segment_ids);
        announceTeams(record, ctx, await setTeams(tx, ctx, row!.id, input.team_ids));
        const after = (await withMemberships(tx, ctx.companyId, [row!]))[0]!;
        const details = changes(before, row!, groupNames(groupsBefore!), groupNames(after));
        if (Object.keys(details).length > 0) await audit(tx, ctx, 'user_updated', row!, details);
        return after;
      }).catch(takenRace(input.username));
    },

    /** Deactivates or reactivates; a deactivated user's sessions end at once (their sockets too). */
    async setActive(ctx: TenantContext, input: { id: string; active: boolean }): Promise<ManagedUser> {
      return inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const before = await managed(tx, ctx, input.id);
        if (!input.active) {
          if (before.id === ctx.userId) throw new AppError('cannot_deactivate_self', 409);
          if (before.role === 'admin' && before.active) await assertAnotherAdmin(tx, ctx, before.id);
        }
        if (before.active === input.active) return (await withMemberships(tx, ctx.companyId, [before]))[0]!;
        const [row] = await tx
          .update(users)
          .set({ active: input.active, updatedAt: new Date() })
          .where(and(eq(users.id, input.id), eq(users.companyId, ctx.companyId)))
          .returning();
        if (!input.active) await revokeSessions(tx, record, ctx, row!.id);
        await audit(tx, ctx, input.active ? 'user_reactivated' : 'user_deactivated', row!);
        return (await withMemberships(tx, ctx.companyId, [row!]))[0]!;
      });
    },

    /**
     * A new temporary password, answered once: the user must replace it at next login. Their other sessions
     * end (whoever held the account is out); an administrator resetting their own keeps this one.
     */
    async resetPassword(ctx: TenantContext, id: string) {
      const password = temporaryPassword();
      const passwordHash = await hashPassword(password);
      const user = await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        await managed(tx, ctx, id);
        const [row] = await tx
          .update(users)
          .set({ passwordHash, requireNewPassword: true, updatedAt: new Date() })
          .where(and(eq(users.id, id), eq(users.companyId, ctx.companyId)))
          .returning();
        await revokeSessions(tx, record, ctx, row!.id, ctx.sessionId);
        await audit(tx, ctx, 'user_password_reset', row!);
        return (await withMemberships(tx, ctx.companyId, [row!]))[0]!;
      });
      return { user, temporaryPassword: password };
    },
  };
}
