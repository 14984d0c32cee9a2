// The authenticated user's own account (profile, password, avatar) and the list of responsibles.
import { randomBytes } from 'node:crypto';
import {
  defaultPermissions,
  DEFAULT_TIMEZONE,
  isKnownTimezone,
  type ChangePasswordRequest,
  type Language,
  type Permissions,
  type ResetPasswordRequest,
  type ResponsiblesQuery,
  type Role,
  type UpdatePreferencesRequest,
  type UpdateProfileRequest,
} from '@atende/contract';
import { and, asc, eq, gte, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { companies, sessions, users } from '../../db/schema/index.ts';
import { permissionValues, type TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { param, prepared } from '../../platform/db/prepared.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { Signature, UrlSigner } from '../../platform/signed-urls.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { accountKey, type LoginThrottle } from '../auth/throttle.ts';
import { isSupportSession, refuseInSupportSession } from '../product/impersonation.ts';
import { avatarKey, type AvatarImages, type AvatarSize } from './avatar.ts';
import { ONLINE_WINDOW_MS } from './policy.ts';
import { avatarResource, responsibleColumns } from './presenter.ts';

export type UserRow = typeof users.$inferSelect;

export type NewUser = {
  username: string;
  name: string;
  role: Role;
  password: string;
  email?: string | null;
  language?: Language | null;
  timezone?: string;
  permissions?: Partial<Permissions>;
  requireNewPassword?: boolean;
};

/** Creates a user with their role's default permissions (the demo seed, companies' first users, tests). */
export async function createUser(db: Db, companyId: string, input: NewUser): Promise<UserRow> {
  const permissions = { ...defaultPermissions(input.role), ...input.permissions };
  const [row] = await db
    .insert(users)
    .values({
      companyId,
      username: input.username.trim().toLowerCase(),
      name: input.name,
      email: input.email ?? null,
      role: input.role,
      language: input.language ?? null,
      timezone: input.timezone ?? DEFAULT_TIMEZONE,
      passwordHash: await hashPassword(input.password),
      requireNewPassword: input.requireNewPassword ?? false,
      ...permissionValues(permissions),
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export type UserService = ReturnType<typeof userService>;
export type UserDeps = { db: Db; bus: EventBus; storage: FileStorage; urls: UrlSigner };
/** The login throttle (auth/throttle.ts): a wrong current password counts as a failed login of the account. */
export type UserServiceDeps = UserDeps & { throttle: LoginThrottle };

/**
 * The signed-in user's own account and the responsibles list. Sessions revoked by a password change are
 * announced on the bus; avatars live in file storage and are reached through signed URLs, without a session,
 * hence the database of their own.
 */
export function userService(deps: UserServiceDeps) {
  /** The signed-in user and their company: every console load and every profile change answers it. */
  async function current(ctx: TenantContext) {
    const statement = prepared(ctx.db, 'current_user', () =>
      ctx.db
        .select({ user: users, company: { id: companies.id, name: companies.name, slug: companies.slug } })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(and(eq(users.id, param('userId')), eq(users.companyId, param('companyId'))))
        .limit(1),
    );
    const [row] = await statement.execute({ userId: ctx.userId, companyId: ctx.companyId });
    // A user removed meanwhile answers 404.
    if (!row) throw notFound();
    // A support session may not set the user's password (refuseInSupportSession), so it is not asked for one.
    if (row.user.requireNewPassword && (await isSupportSession(ctx.db, ctx.sessionId))) {
      return { ...row, user: { ...row.user, requireNewPassword: false } };
    }
    return row;
  }

  const removeAvatarFiles = async (path: string) => {
    await deps.storage.remove(avatarKey(path, 'large'));
    await deps.storage.remove(avatarKey(path, 'small'));
  };

  /** Every other session of the user is revoked, so a new password locks out whoever else held the account. */
  async function setPassword(ctx: TenantContext, password: string): Promise<void> {
    await refuseInSupportSession(ctx.db, ctx.sessionId);
    const passwordHash = await hashPassword(password);
    await inTransaction(ctx.db, deps.bus, async (tx, record) => {
      await tx
        .update(users)
        .set({ passwordHash, requireNewPassword: false, updatedAt: new Date() })
        .where(ownRow(ctx));
      const revoked = await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(eq(sessions.userId, ctx.userId), ne(sessions.id, ctx.sessionId), isNull(sessions.revokedAt)),
        )
        .returning({ id: sessions.id });
      record({
        type: 'sessions.revoked',
        companyId: ctx.companyId,
        sessionIds: revoked.map((row) => row.id),
      });
    });
  }

  return {
    current,

    async updateProfile(ctx: TenantContext, input: UpdateProfileRequest) {
      if (input.timezone !== undefined && !isKnownTimezone(input.timezone))
        throw new AppError('invalid_timezone', 400);
      await ctx.db
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          instagram: input.instagram,
          timezone: input.timezone,
          language: input.language,
          soundNotification: input.sound_notification,
          updatedAt: new Date(),
        })
        .where(ownRow(ctx));
      return current(ctx);
    },

    /**
     * Changes the password after checking the current one. Guessing it here is guessing a login (whoever holds
     * an unlocked console would otherwise try passwords freely), so the login throttle counts and paces it.
     */
    async changePassword(ctx: TenantContext, input: ChangePasswordRequest & { ip: string }): Promise<void> {
      const { user, company } = await current(ctx);
      const attempt = { account: accountKey(company.slug, user.username), ip: input.ip, knownDevice: null };
      await deps.throttle.check(attempt);
      if (!(await verifyPassword(user.passwordHash, input.current_password))) {
        await deps.throttle.failed(attempt);
        throw new AppError('current_password_invalid', 400);
      }
      await deps.throttle.succeeded(attempt);
      if (input.password === input.current_password) throw new AppError('password_reuse', 400);
      await setPassword(ctx, input.password);
    },

    /** Sets a new password without the current one, allowed only while the account requires a new one. */
    async resetPassword(ctx: TenantContext, input: ResetPasswordRequest): Promise<void> {
      // Before anything: a support session is told why it may not, whatever the account's state.
      await refuseInSupportSession(ctx.db, ctx.sessionId);
      const { user } = await current(ctx);
      if (!user.requireNewPassword) throw new AppError('new_password_not_required', 400);
      if (await verifyPassword(user.passwordHash, input.password)) throw new AppError('password_reuse', 400);
      await setPassword(ctx, input.password);
    },

    /** What the console remembers for the user (only what was set; the presenter fills the defaults). */
    async preferences(ctx: TenantContext): Promise<UpdatePreferencesRequest> {
      return (await current(ctx)).user.preferences;
    },

    /**
     * Merges the given preferences into the stored ones in one statement, so two desks saving different ones
     * at once lose neither. `updated_at` stays: it versions the avatar's URL, which a width must not renew.
     */
    async updatePreferences(ctx: TenantContext, input: UpdatePreferencesRequest) {
      const [row] = await ctx.db
        .update(users)
        .set({ preferences: sql`${users.preferences} || ${JSON.stringify(input)}::jsonb` })
        .where(ownRow(ctx))
        .returning({ preferences: users.preferences });
      if (!row) throw notFound();
      return row.preferences;
    },

    /**
     * Keeps the checked, resized avatar under a new name (so its URL changes and caches let go of the old one)
     * and only then points the user at it and removes the old files.
     */
    async putAvatar(ctx: TenantContext, images: AvatarImages) {
      const { user } = await current(ctx);
      const key = `avatars/${ctx.companyId}/${ctx.userId}-${randomBytes(8).toString('hex')}.webp`;
      await deps.storage.put(avatarKey(key, 'large'), images.large);
      await deps.storage.put(avatarKey(key, 'small'), images.small);
      await ctx.db.update(users).set({ avatarPath: key, updatedAt: new Date() }).where(ownRow(ctx));
      if (user.avatarPath) await removeAvatarFiles(user.avatarPath);
      return current(ctx);
    },

    async deleteAvatar(ctx: TenantContext) {
      const { user } = await current(ctx);
      if (user.avatarPath) {
        await ctx.db.update(users).set({ avatarPath: null, updatedAt: new Date() }).where(ownRow(ctx));
        await removeAvatarFiles(user.avatarPath);
      }
      return current(ctx);
    },

    /**
     * A user's avatar file, asked for without a session (an <img> sends no token): the URL's signature,
     * given only in presented users, is the access; a wrong one answers 404 like a missing avatar, an expired
     * one 410.
     */
    async openAvatar(input: { id: string; v: string; size?: AvatarSize } & Signature) {
      deps.urls.check(avatarResource(input.id, input.v), input);
      const [row] = await deps.db
        .select({ avatarPath: users.avatarPath })
        .from(users)
        .where(eq(users.id, input.id))
        .limit(1);
      const key = row?.avatarPath ? avatarKey(row.avatarPath, input.size ?? 'large') : null;
      const stream = key ? await deps.storage.open(key) : null;
      if (!key || !stream) throw notFound();
      return { stream, contentType: imageType(key) };
    },

    /** Active users of the company who can be made responsible for a contact, filtered as asked. */
    async listResponsibles(ctx: TenantContext, query: ResponsiblesQuery) {
      const filters: (SQL | undefined)[] = [eq(users.companyId, ctx.companyId), eq(users.active, true)];
      if (query.search) {
        const pattern = `%${escapeLike(query.search)}%`;
        filters.push(or(ilike(users.name, pattern), ilike(users.username, pattern)));
      }
      if (query.role?.length) filters.push(inArray(users.role, query.role));
      if (query.ids?.length) filters.push(inArray(users.id, query.ids));
      if (query.online !== undefined) {
        const since = new Date(Date.now() - ONLINE_WINDOW_MS);
        filters.push(
          query.online
            ? gte(users.lastSeenAt, since)
            : or(isNull(users.lastSeenAt), lt(users.lastSeenAt, since)),
        );
      }
      return ctx.db
        .select(responsibleColumns)
        .from(users)
        .where(and(...filters))
        .orderBy(asc(users.name), asc(users.id))
        .limit(RESPONSIBLES_LIMIT);
    },
  };
}

const ownRow = (ctx: TenantContext) => and(eq(users.id, ctx.userId), eq(users.companyId, ctx.companyId));

const imageType = (path: string) =>
  path.endsWith('.png') ? 'image/png' : path.endsWith('.webp') ? 'image/webp' : 'image/jpeg';

export const RESPONSIBLES_LIMIT = 1000;
