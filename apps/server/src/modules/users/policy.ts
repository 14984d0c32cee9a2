// Who may do what by default. Permission flags are stored per user; these are the values a new user gets.
import type { Permissions, Role } from '@atende/contract';

const DEFAULTS: Record<Role, Permissions> = {
  super_admin: { create_contacts: true, send_files: true, change_responsible: true },
  admin: { create_contacts: true, send_files: true, change_responsible: true },
  supervisor: { create_contacts: true, send_files: true, change_responsible: true },
  attendant: { create_contacts: true, send_files: true, change_responsible: false },
};

export const defaultPermissions = (role: Role): Permissions => ({ ...DEFAULTS[role] });

/** Roles that supervise the operation: they see every contact and may open the Center. */
export const isSupervising = (role: Role) => role !== 'attendant';

/** A user counts as online when a heartbeat arrived within two missed beats. */
export const ONLINE_WINDOW_MS = 75_000;
