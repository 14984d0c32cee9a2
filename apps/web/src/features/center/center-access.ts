// Who may open the Center (administration area): supervisors and above; attendants work in Live only.
import type { Role } from '@atende/contract';

export const CENTER_ROLES: readonly Role[] = ['super_admin', 'admin', 'supervisor'];

export const canOpenCenter = (role: Role): boolean => CENTER_ROLES.includes(role);
