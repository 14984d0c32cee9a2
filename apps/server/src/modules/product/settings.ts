// The product-wide settings row (survey period, changelog and who sees it): read and changed by super
// administrators; the features that follow them (satisfaction survey, changelog) read it too. A change is
// written to the audit log of the super administrator's own company (the product has no log of its own), one
// entry per setting that changed, in the change's transaction.
import type { AuditDetails, UpdateProductSettings } from '@atende/contract';
import { eq } from 'drizzle-orm';
import { productSettings } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { recordAuditEvent } from '../audit/service.ts';
import type { SuperAdmin } from './super-admin.ts';

export type ProductSettingsRow = typeof productSettings.$inferSelect;

export async function readProductSettings(db: Db): Promise<ProductSettingsRow> {
  const [row] = await db.select().from(productSettings).where(eq(productSettings.id, 1)).limit(1);
  // Migration 0028 inserts the row; without it the database is not this product's.
  if (!row) throw new Error('product_settings has no row');
  return row;
}

/** The settings as the audit log tells them: one value each, the roles comma-separated. */
const auditValues = (row: ProductSettingsRow): Record<keyof UpdateProductSettings, AuditDetails[string]> => ({
  survey_period_days: row.surveyPeriodDays,
  changelog_enabled: row.changelogEnabled,
  changelog_roles: row.changelogRoles.join(', '),
});

export async function updateProductSettings(db: Db, actor: SuperAdmin, input: UpdateProductSettings) {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Locked: two changes at once each audit what the other left.
    const [before] = await tx.select().from(productSettings).where(eq(productSettings.id, 1)).for('update');
    const [after] = await tx
      .update(productSettings)
      .set({
        surveyPeriodDays: input.survey_period_days,
        changelogEnabled: input.changelog_enabled,
        // Each role once, whatever was sent.
        changelogRoles: input.changelog_roles && [...new Set(input.changelog_roles)],
        updatedAt: new Date(),
      })
      .where(eq(productSettings.id, 1))
      .returning();
    if (!before || !after) throw new Error('product_settings has no row');
    const from = auditValues(before);
    const to = auditValues(after);
    for (const field of Object.keys(from) as (keyof UpdateProductSettings)[]) {
      if (from[field] === to[field]) continue;
      await recordAuditEvent(tx, {
        companyId: actor.companyId,
        kind: 'product_settings_changed',
        actorUserId: actor.userId,
        subject: actor.username,
        clientIp: actor.clientIp,
        details: { field, from: from[field], to: to[field] },
      });
    }
  });
  return readProductSettings(db);
}
