// Channel accounts hold the company's mailbox passwords and widget secrets: administrators only.
import type { Role } from '@atende/contract';
import { forbidden } from '../../platform/errors.ts';

export const mayManageChannels = (role: Role) => role === 'admin' || role === 'super_admin';

export function assertMayManageChannels(role: Role): void {
  if (!mayManageChannels(role)) throw forbidden();
}
