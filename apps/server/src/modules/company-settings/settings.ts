// The company's settings as they apply: what its administrators chose over the product's defaults. Read by
// the settings page, the resources the console loads (time zone, currency, language) and the widget (hours).
import { DEFAULT_COMPANY_SETTINGS, isOpenAt, type CompanySettings } from '@atende/contract';
import type { Db } from '../../platform/db/database.ts';
import { findCompanyById, type Company } from '../companies/service.ts';

export const settingsOf = (company: Pick<Company, 'settings'>): CompanySettings => ({
  ...DEFAULT_COMPANY_SETTINGS,
  ...company.settings,
});

/** Whether the company attends at `at`, by its hours and holidays in its own time zone. */
export const companyOpenAt = (company: Pick<Company, 'settings'>, at: Date = new Date()): boolean =>
  isOpenAt(settingsOf(company), at);

/** Whether the company of `companyId` attends now (what the widget shows a visitor). */
export const companyOpenNow = async (db: Db, companyId: string): Promise<boolean> =>
  companyOpenAt((await findCompanyById(db, companyId)) ?? { settings: {} });
