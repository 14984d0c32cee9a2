// Rows of `users` as the contract's User, UserPreferences and Responsible.
import {
  abilitiesOf,
  defaultPermissions,
  DEFAULT_PREFERENCES,
  UserPreferences,
  type CenterUser,
  type Responsible,
  type User,
} from '@atende/contract';
import { users } from '../../db/schema/index.ts';
import { permissionsOfRow } from '../../platform/auth.ts';
import { isoTimestamp } from '../../platform/db/timestamps.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import type { Company } from '../companies/service.ts';
import type { ManagedUser } from './center.ts';
import { ONLINE_WINDOW_MS } from './policy.ts';

type UserRow = typeof users.$inferSelect;

/** What an avatar URL signs: the user and the version, so a replaced avatar gets a new URL. */
export const avatarResource = (userId: string, version: string) => `avatar:${userId}:${version}`;

/** The large avatar for the user themselves (profile, header), the small one in lists of users. */
export const avatarUrl = (
  row: Pick<UserRow, 'id' | 'avatarPath' | 'updatedAt'>,
  urls: UrlSigner,
  size: 'large' | 'small' = 'large',
) => {
  if (!row.avatarPath) return null;
  const version = String(row.updatedAt.getTime());
  const sized = size === 'small' ? '&size=small' : '';
  return `/api/users/${row.id}/avatar?v=${version}${sized}&${urls.sign(avatarResource(row.id, version))}`;
};

export function presentUser(row: UserRow, company: Pick<Company, 'id' | 'name'>, urls: UrlSigner): User {
  const permissions = permissionsOfRow(row);
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    instagram: row.instagram,
    avatar: avatarUrl(row, urls),
    timezone: row.timezone,
    language: row.language,
    sound_notification: row.soundNotification,
    require_new_password: row.requireNewPassword,
    pause: { pause_at: row.pausedAt?.toISOString() ?? null, reason_id: row.pauseReasonId },
    permissions,
    role: row.role,
    abilities: abilitiesOf({ role: row.role, permissions }),
    company: { id: company.id, name: company.name },
  };
}

/** The columns a responsible is presented from. */
export const responsibleColumns = {
  id: users.id,
  name: users.name,
  username: users.username,
  role: users.role,
  avatarPath: users.avatarPath,
  updatedAt: users.updatedAt,
  lastSeenAt: users.lastSeenAt,
};

export function presentResponsible(
  row: Pick<UserRow, keyof typeof responsibleColumns>,
  urls: UrlSigner,
  now = Date.now(),
): Responsible {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    role: row.role,
    avatar: avatarUrl(row, urls, 'small'),
    online: row.lastSeenAt !== null && now - row.lastSeenAt.getTime() < ONLINE_WINDOW_MS,
  };
}

/**
 * The stored preferences over the defaults. A stored value the contract no longer accepts (a panel since
 * removed, a narrower bound) gives way to its default rather than failing the console's load.
 */
export function presentPreferences(stored: unknown): UserPreferences {
  const fields = UserPreferences.shape;
  const saved = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return {
    side_panel: fields.side_panel.catch(DEFAULT_PREFERENCES.side_panel).parse(saved.side_panel ?? null),
    side_panel_width: fields.side_panel_width
      .catch(DEFAULT_PREFERENCES.side_panel_width)
      .parse(saved.side_panel_width),
  };
}

/** A user as the Center shows them, with their role's default flags so the UI tells overrides apart. */
export function presentCenterUser({ row, segments, teams }: ManagedUser): CenterUser {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    role: row.role,
    language: row.language,
    timezone: row.timezone,
    active: row.active,
    require_new_password: row.requireNewPassword,
    segments: segments.map(({ id, name }) => ({ id, name })),
    teams: teams.map(({ id, name }) => ({ id, name })),
    permissions: permissionsOfRow(row),
    default_permissions: defaultPermissions(row.role),
    last_login_at: row.lastLoginAt ? isoTimestamp(row.lastLoginAt) : null,
    created_at: isoTimestamp(row.createdAt),
  };
}
