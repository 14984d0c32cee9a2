// The settings as the Center shows them, and whether the reader may change them (supervisors read only).
import { may, type CenterCompanySettings, type CompanySettings } from '@atende/contract';
import type { TenantContext } from '../../platform/auth.ts';

export const presentCompanySettings = (
  ctx: TenantContext,
  settings: CompanySettings,
): CenterCompanySettings => ({ settings, editable: may(ctx, 'company.configure') });
