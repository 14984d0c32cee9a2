// The Center's users (issue 21, item 1): administrators create (with a password they set, or an invitation's
// temporary password shown once), edit, deactivate and reactivate users, reset their passwords and set their
// permission flags; supervisors read. Every list is paged, sorted and searched.
import { z } from 'zod';
import { encodedText, Id, requiredText, text, Timestamp } from './common.ts';
import { PASSWORD_MIN_LENGTH, USER_PAGE_MAX, USER_PAGE_SIZE } from './constants.ts';
import { Language, Role } from './enums.ts';
import { Permissions } from './user.ts';
import { NamedItem } from './lists.ts';

/** The roles an administrator may give: the super administrator is the platform's, not a company's. */
export const ASSIGNABLE_ROLES = ['admin', 'supervisor', 'attendant'] as const;
export const AssignableRole = z.enum(ASSIGNABLE_ROLES);
export type AssignableRole = z.infer<typeof AssignableRole>;

/** A user as the Center shows them; `default_permissions` are their role's, so the UI tells overrides apart. */
export const CenterUser = z.object({
  id: Id,
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role: Role,
  language: Language.nullable(),
  timezone: z.string(),
  active: z.boolean(),
  require_new_password: z.boolean(),
  segments: z.array(NamedItem),
  /** The teams the user belongs to (as a member or a supervisor), by name. */
  teams: z.array(NamedItem),
  permissions: Permissions,
  default_permissions: Permissions,
  last_login_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export type CenterUser = z.infer<typeof CenterUser>;

export const CenterUserSort = z.enum(['name', 'username', 'role', 'last_login_at']);
export type CenterUserSort = z.infer<typeof CenterUserSort>;

export const CenterUserQuery = z.object({
  search: text(100).optional(),
  sort: CenterUserSort.default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  /** all (default), only the active or only the deactivated users. */
  status: z.enum(['all', 'active', 'inactive']).default('all'),
  limit: z.coerce.number().int().min(1).max(USER_PAGE_MAX).default(USER_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type CenterUserQuery = z.infer<typeof CenterUserQuery>;

export const CenterUserPage = z.object({ data: z.array(CenterUser), total: z.number().int() });
export type CenterUserPage = z.infer<typeof CenterUserPage>;

/** Usernames people type at login: letters, digits and . _ - (stored lowercase). */
export const Username = requiredText(60)
  .regex(/^[\p{L}\p{N}._-]+$/u)
  .transform((value) => value.toLowerCase());

export const UserEmail = z
  .union([z.literal(''), z.email().max(254)])
  .transform((value) => (value === '' ? null : value.toLowerCase()))
  .nullable();

/** The fields of a user an administrator sets, on creation and on edit (an edit replaces them all). */
export const UserFields = z.object({
  name: requiredText(120),
  username: Username,
  email: UserEmail.default(null),
  role: AssignableRole,
  language: Language.nullable().default(null),
  timezone: requiredText(64),
  segment_ids: z.array(Id).max(200).default([]),
  /**
   * The company's teams the user belongs to: an edit replaces them (a team kept keeps whether the user
   * supervises it; a team added makes them a member).
   */
  team_ids: z.array(Id).max(200).default([]),
  /** Flags that differ from the role's defaults; absent flags take the role's default. */
  permissions: Permissions.partial().strict().default({}),
});

export const CreateUserRequest = UserFields.extend({
  /** A password the administrator chose, or none: the server generates a temporary one (an invitation). */
  password: encodedText(200).min(PASSWORD_MIN_LENGTH).nullable().default(null),
});
export type CreateUserRequest = z.infer<typeof CreateUserRequest>;

export const UpdateUserRequest = UserFields;
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

/** A created user, and the temporary password generated for them (shown once, never stored in clear). */
export const CreatedUser = z.object({ user: CenterUser, temporary_password: z.string().nullable() });
export type CreatedUser = z.infer<typeof CreatedUser>;

/** A reset: the new temporary password, shown once; the user must replace it at next login. */
export const PasswordReset = z.object({ user: CenterUser, temporary_password: z.string() });
export type PasswordReset = z.infer<typeof PasswordReset>;
