// Who may change a changelog version: a product version (no company) its super administrators, a company's
// version the administrators of that company (and its super administrator). Everyone else reads.
import { may } from '@atende/contract';
import type { AuthContext } from '../../platform/auth.ts';

export const mayEditVersion = (auth: AuthContext, version: { companyId: string | null }) =>
  may(auth, 'changelog.manage') &&
  (version.companyId === null ? auth.role === 'super_admin' : version.companyId === auth.companyId);

/** Where a new version goes: a super administrator publishes for the product, an administrator for the company. */
export const scopeOfNewVersion = (auth: AuthContext): string | null =>
  auth.role === 'super_admin' ? null : auth.companyId;
