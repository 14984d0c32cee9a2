// The company's settings (Center › Empresa): read by administrators and supervisors, changed by administrators.
// A change is merged into companies.settings in one statement (two changes at once lose neither) and written
// to the audit log, one entry per setting that changed, with what it was and became where that is one value.
import type { CompanySettings, UpdateCompanySettings } from '@atende/contract';
import { and, eq, sql } from 'drizzle-orm';
import { companies, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { recordAuditEvent } from '../audit/service.ts';
import { findCompanyById } from '../companies/service.ts';
import { previewRetention } from './retention.ts';
import { settingsOf } from './settings.ts';

export type CompanySettingsService = ReturnType<typeof companySettingsService>;

type Actor = { ctx: TenantContext; clientIp: string };

/** Settings that are one value: the audit says what they were and became; the others (lists) only that they changed. */
const auditValue = (value: CompanySettings[keyof CompanySettings]) =>
  typeof value === 'object' && value !== null ? null : value;

export function companySettingsService() {
  async function get(ctx: TenantContext): Promise<CompanySettings> {
    const company = await findCompanyById(ctx.db, ctx.companyId);
    if (!company) throw notFound();
    return settingsOf(company);
  }

  async function audit(
    { ctx, clientIp }: Actor,
    changed: (keyof CompanySettings)[],
    before: CompanySettings,
    after: CompanySettings,
  ) {
    const [actor] = await ctx.db
      .select({ username: users.username })
      .from(users)
      .where(and(eq(users.companyId, ctx.companyId), eq(users.id, ctx.userId)));
    for (const field of changed) {
      await recordAuditEvent(ctx.db, {
        companyId: ctx.companyId,
        kind: 'company_settings_changed',
        actorUserId: ctx.userId,
        subject: actor?.username ?? null,
        clientIp,
        details: { field, from: auditValue(before[field]), to: auditValue(after[field]) },
      });
    }
  }

  return {
    get,

    async update(actor: Actor, input: UpdateCompanySettings): Promise<CompanySettings> {
      const { ctx } = actor;
      const before = await get(ctx);
      const changed = (Object.keys(input) as (keyof CompanySettings)[]).filter(
        (field) => JSON.stringify(before[field]) !== JSON.stringify(input[field]),
      );
      if (changed.length > 0) {
        const patch = Object.fromEntries(changed.map((field) => [field, input[field]]));
        await ctx.db.transaction(async (tx) => {
          await (tx as unknown as Db)
            .update(companies)
            .set({
              settings: sql`${companies.settings} || ${JSON.stringify(patch)}::jsonb`,
              updatedAt: new Date(),
            })
            .where(eq(companies.id, ctx.companyId));
          await audit({ ...actor, ctx: { ...ctx, db: tx as unknown as Db } }, changed, before, {
            ...before,
            ...input,
          });
        });
      }
      return get(ctx);
    },

    /** What a retention of `months` would purge now. */
    preview: (ctx: TenantContext, months: number) => previewRetention(ctx.db, ctx.companyId, months),
  };
}
