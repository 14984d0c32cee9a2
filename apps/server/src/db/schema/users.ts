// Users of a company (attendants, supervisors, admins) and their login sessions.
import { LANGUAGES, ROLES, type UpdatePreferencesRequest } from '@atende/contract';
import {
  type AnyPgColumn,
  boolean,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, primaryId, tenantId, updatedAt } from './columns.ts';
import { pauseReasons } from './catalogues.ts';

export const roleEnum = pgEnum('user_role', ROLES);
export const languageEnum = pgEnum('user_language', LANGUAGES);

export const users = pgTable(
  'users',
  {
    id: primaryId(),
    companyId: tenantId(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    instagram: text('instagram'),
    avatarPath: text('avatar_path'),
    timezone: text('timezone').notNull(),
    /** Null follows the language of the host the console is opened on. */
    language: languageEnum('language'),
    soundNotification: boolean('sound_notification').notNull().default(true),
    requireNewPassword: boolean('require_new_password').notNull().default(false),
    role: roleEnum('role').notNull(),
    canCreateContacts: boolean('can_create_contacts').notNull(),
    canSendFiles: boolean('can_send_files').notNull(),
    canChangeResponsible: boolean('can_change_responsible').notNull(),
    canBroadcast: boolean('can_broadcast').notNull().default(false),
    canAdminPipelines: boolean('can_admin_pipelines').notNull().default(false),
    canUseVoice: boolean('can_use_voice').notNull().default(true),
    canSeeOthersAnalytics: boolean('can_see_others_analytics').notNull().default(false),
    /** When the user last signed in (the Center's list shows it). */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    /** The open pause, kept beside its `pauses` row (same transaction) for GET /api/user and the queue's check. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pauseReasonId: uuid('pause_reason_id').references(() => pauseReasons.id, { onDelete: 'set null' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    /**
     * What the console remembers for this user (contract's UserPreferences), only what was set. A column of the
     * user's row rather than a table: one small value per user, read and written only with that row, which
     * already carries the tenant; jsonb so that a new setting needs no migration while the contract bounds it.
     */
    preferences: jsonb('preferences').$type<UpdatePreferencesRequest>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_company_username_key').on(table.companyId, table.username),
    index('users_company_name_idx').on(table.companyId, table.name),
  ],
);

/** One row per login; the access token carries its id, so logout revokes exactly that token. */
export const sessions = pgTable(
  'sessions',
  {
    id: primaryId(),
    companyId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the session's token was exchanged through a console link (modules/auth/handoff.ts): once only. */
    handedOffAt: timestamp('handed_off_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * A support session (modules/product): the super administrator (a user of another company) acting as this
     * session's user. Gone with them: a support session never outlives who opened it.
     */
    impersonatorId: uuid('impersonator_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * One-time password reset links an administrator made (issue 23): only the token's SHA-256 is kept, so the
 * table leaks no usable link. A link is spent by setting `used_at` (also when a newer link replaces it).
 */
export const passwordResetLinks = pgTable(
  'password_reset_links',
  {
    id: primaryId(),
    companyId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('password_reset_links_token_idx').on(table.tokenHash),
    index('password_reset_links_user_idx').on(table.userId),
  ],
);
