// The product-wide settings row (survey period, changelog and who sees it): read and changed by super
// administrators; the features that follow them (satisfaction survey, changelog) read it too.
import type { UpdateProductSettings } from '@atende/contract';
import { eq } from 'drizzle-orm';
import { productSettings } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

export type ProductSettingsRow = typeof productSettings.$inferSelect;

export async function readProductSettings(db: Db): Promise<ProductSettingsRow> {
  const [row] = await db.select().from(productSettings).where(eq(productSettings.id, 1)).limit(1);
  // Migration 0028 inserts the row; without it the database is not this product's.
  if (!row) throw new Error('product_settings has no row');
  return row;
}

export async function updateProductSettings(db: Db, input: UpdateProductSettings) {
  await db
    .update(productSettings)
    .set({
      surveyPeriodDays: input.survey_period_days,
      changelogEnabled: input.changelog_enabled,
      // Each role once, whatever was sent.
      changelogRoles: input.changelog_roles && [...new Set(input.changelog_roles)],
      updatedAt: new Date(),
    })
    .where(eq(productSettings.id, 1));
  return readProductSettings(db);
}
