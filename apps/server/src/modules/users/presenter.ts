// Rows of `users` as the contract's User and Responsible.
import type { Responsible, User } from '@atende/contract';
import type { users } from '../../db/schema/index.ts';
import type { Company } from '../companies/service.ts';
import { ONLINE_WINDOW_MS } from './policy.ts';

type UserRow = typeof users.$inferSelect;

export const avatarUrl = (row: Pick<UserRow, 'id' | 'avatarPath' | 'updatedAt'>) =>
  row.avatarPath ? `/api/users/${row.id}/avatar?v=${row.updatedAt.getTime()}` : null;

export function presentUser(row: UserRow, company: Pick<Company, 'id' | 'name'>): User {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    instagram: row.instagram,
    avatar: avatarUrl(row),
    timezone: row.timezone,
    language: row.language,
    sound_notification: row.soundNotification,
    require_new_password: row.requireNewPassword,
    pause: { pause_at: row.pausedAt?.toISOString() ?? null, reason_id: row.pauseReasonId },
    permissions: {
      create_contacts: row.canCreateContacts,
      send_files: row.canSendFiles,
      change_responsible: row.canChangeResponsible,
    },
    role: row.role,
    company: { id: company.id, name: company.name },
  };
}

export function presentResponsible(
  row: Pick<UserRow, 'id' | 'name' | 'username' | 'role' | 'avatarPath' | 'updatedAt' | 'lastSeenAt'>,
  now = Date.now(),
): Responsible {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    role: row.role,
    avatar: avatarUrl(row),
    online: row.lastSeenAt !== null && now - row.lastSeenAt.getTime() < ONLINE_WINDOW_MS,
  };
}
