// Who may open the Center (administration area): supervisors and above; attendants work in Live only.
// Channel accounts hold the company's mailbox passwords and widget secrets: administrators only (the server's
// channel-accounts policy says the same).
import type { Role } from '@atende/contract';

export const CENTER_ROLES: readonly Role[] = ['super_admin', 'admin', 'supervisor'];

export const canOpenCenter = (role: Role): boolean => CENTER_ROLES.includes(role);

export const canManageChannels = (role: Role): boolean => role === 'admin' || role === 'super_admin';
