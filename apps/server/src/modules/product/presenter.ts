// Product administration's rows as the contract's objects.
import type {
  CompanyPage,
  CreatedCompany,
  Impersonation,
  ImpersonationStarted,
  ProductCompany,
  ProductSettings,
} from '@atende/contract';
import { isoTimestamp, isoTimestampOrNull } from '../../platform/db/timestamps.ts';
import type { SessionToken } from '../auth/open-session.ts';
import type { CompanyWithUsage } from './companies.ts';
import type { ImpersonationService } from './impersonation.ts';
import type { ProductSettingsRow } from './settings.ts';

export const presentProductCompany = (row: CompanyWithUsage): ProductCompany => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  created_at: isoTimestamp(row.createdAt),
  suspended_at: isoTimestampOrNull(row.suspendedAt),
  usage: {
    active_users: row.activeUsers,
    contacts: row.contacts,
    messages_30d: row.messages30d,
    file_bytes: row.fileBytes,
    channel_accounts: row.channelAccounts,
  },
});

export const presentCompanyPage = (page: { rows: CompanyWithUsage[]; total: number }): CompanyPage => ({
  data: page.rows.map(presentProductCompany),
  total: page.total,
});

export const presentCreatedCompany = (created: {
  company: CompanyWithUsage;
  admin: { id: string; username: string; temporaryPassword: string };
}): CreatedCompany => ({
  company: presentProductCompany(created.company),
  admin: {
    id: created.admin.id,
    username: created.admin.username,
    temporary_password: created.admin.temporaryPassword,
  },
});

export const presentProductSettings = (row: ProductSettingsRow): ProductSettings => ({
  survey_period_days: row.surveyPeriodDays,
  changelog_enabled: row.changelogEnabled,
  changelog_roles: row.changelogRoles,
  updated_at: isoTimestamp(row.updatedAt),
});

export const presentImpersonationStarted = (session: SessionToken): ImpersonationStarted => ({
  access_token: session.token,
  expires_at: session.expiresAt.toISOString(),
});

export const presentImpersonation = (
  state: Awaited<ReturnType<ImpersonationService['state']>>,
): { impersonation: Impersonation | null } => ({
  impersonation: state && {
    by: state.by,
    user: state.user,
    company: state.company,
    started_at: isoTimestamp(state.startedAt),
    expires_at: isoTimestamp(state.expiresAt),
  },
});
