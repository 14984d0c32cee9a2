// Product administration (issue 21 item 6), for the product's super administrators only: the companies with their
// usage, creating and suspending them, product-wide settings, and support sessions (impersonation).
import { z } from 'zod';
import { Id, requiredText, text, Timestamp } from './common.ts';
import { Role } from './enums.ts';

/** A support session lasts at most this long; it is then an expired session like any other. */
export const IMPERSONATION_TTL_MS = 60 * 60_000;
/** The window of "messages in the last N days" in a company's usage. */
export const USAGE_MESSAGE_DAYS = 30;
export const COMPANY_PAGE_SIZE = 20;
export const COMPANY_PAGE_MAX = 100;

export const CompanyUsage = z.object({
  active_users: z.number().int(),
  contacts: z.number().int(),
  messages_30d: z.number().int(),
  file_bytes: z.number().int(),
  channel_accounts: z.number().int(),
});
export type CompanyUsage = z.infer<typeof CompanyUsage>;

export const ProductCompany = z.object({
  id: Id,
  name: z.string(),
  slug: z.string(),
  created_at: Timestamp,
  suspended_at: Timestamp.nullable(),
  usage: CompanyUsage,
});
export type ProductCompany = z.infer<typeof ProductCompany>;

export const COMPANY_SORTS = ['name', 'created_at', 'status'] as const;
export const CompanySort = z.enum(COMPANY_SORTS);
export type CompanySort = z.infer<typeof CompanySort>;

export const CompaniesQuery = z.object({
  search: text(100).optional(),
  sort: CompanySort.default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  limit: z.coerce.number().int().min(1).max(COMPANY_PAGE_MAX).default(COMPANY_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type CompaniesQuery = z.infer<typeof CompaniesQuery>;

export const CompanyPage = z.object({ data: z.array(ProductCompany), total: z.number().int() });
export type CompanyPage = z.infer<typeof CompanyPage>;

/** What login is typed with: lower-case letters, digits and inner dashes. */
export const CompanySlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, 'company_slug_invalid');
const Username = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{2,60}$/, 'username_invalid');

export const CreateCompanyRequest = z.object({
  name: requiredText(120),
  slug: CompanySlug,
  admin: z.object({ name: requiredText(120), username: Username }),
});
export type CreateCompanyRequest = z.infer<typeof CreateCompanyRequest>;

/** The new company and its first administrator's temporary password, shown this once and never again. */
export const CreatedCompany = z.object({
  company: ProductCompany,
  admin: z.object({ id: Id, username: z.string(), temporary_password: z.string() }),
});
export type CreatedCompany = z.infer<typeof CreatedCompany>;

export const ProductSettings = z.object({
  /** Days between two asks of the satisfaction survey to one user (after an answer or a dismissal). */
  survey_period_days: z.number().int().min(1).max(365),
  changelog_enabled: z.boolean(),
  /** The roles that see the changelog. */
  changelog_roles: z.array(Role).max(4),
  updated_at: Timestamp,
});
export type ProductSettings = z.infer<typeof ProductSettings>;
export const UpdateProductSettings = ProductSettings.omit({ updated_at: true })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'required' });
export type UpdateProductSettings = z.infer<typeof UpdateProductSettings>;

/** Whom the super administrator acts as: a user of the company, or its first active administrator. */
export const ImpersonateRequest = z.object({ user_id: Id.optional() });
export type ImpersonateRequest = z.infer<typeof ImpersonateRequest>;
export const ImpersonationStarted = z.object({ access_token: z.string(), expires_at: Timestamp });
export type ImpersonationStarted = z.infer<typeof ImpersonationStarted>;

/** The session's support state: what the console's banner shows (null for an ordinary session). */
export const Impersonation = z.object({
  by: z.object({ id: Id, name: z.string(), username: z.string() }),
  user: z.object({ id: Id, name: z.string(), username: z.string() }),
  company: z.object({ id: Id, name: z.string() }),
  started_at: Timestamp,
  expires_at: Timestamp,
});
export type Impersonation = z.infer<typeof Impersonation>;
export const ImpersonationState = z.object({ impersonation: Impersonation.nullable() });
export type ImpersonationState = z.infer<typeof ImpersonationState>;
