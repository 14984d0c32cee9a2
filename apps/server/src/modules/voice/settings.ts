// The company's phone settings (spec §7 `phone/settings`): made on first read with the embedded PBX, a SIP
// domain named after the company and a sealed carrier password, then changed by administrators in the Center.
import { WRAP_UP_SECONDS, type UpdatePhoneSettings } from '@atende/contract';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { companies, phoneSettings } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import { isUniqueViolation, type Db } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';

export type PhoneSettingsRow = typeof phoneSettings.$inferSelect;

/** The digest username simulated customers (the embedded PBX's carrier side) authenticate with. */
export const CARRIER_USERNAME = 'carrier';

/** The SIP domain a company starts with: its login name as a DNS label under `atende.sip`. */
export const defaultSipDomain = (slug: string): string => {
  const label = slug
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${label || 'company'}.atende.sip`;
};

/** The carrier password of a company's settings, opened. */
export const carrierPassword = (credentials: CredentialsBox, row: PhoneSettingsRow): string =>
  credentials.open<{ password: string }>(row.carrierSecret).password;

/** The company's settings, made with the defaults when it has none yet. */
export async function phoneSettingsOf(
  db: Db,
  credentials: CredentialsBox,
  companyId: string,
): Promise<PhoneSettingsRow> {
  const [existing] = await db.select().from(phoneSettings).where(eq(phoneSettings.companyId, companyId));
  if (existing) return existing;
  const [company] = await db
    .select({ slug: companies.slug })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound();
  // Another company may hold the slug's domain (a slug that differs only by accents): then the id's.
  for (const sipDomain of [defaultSipDomain(company.slug), `${companyId}.atende.sip`]) {
    const [made] = await db
      .insert(phoneSettings)
      .values({
        companyId,
        sipDomain,
        wrapUpSeconds: WRAP_UP_SECONDS.default,
        carrierSecret: credentials.seal({ password: randomBytes(18).toString('base64url') }),
      })
      .onConflictDoNothing()
      .returning();
    if (made) return made;
    // Made meanwhile by a concurrent first read: that one stands.
    const [raced] = await db.select().from(phoneSettings).where(eq(phoneSettings.companyId, companyId));
    if (raced) return raced;
  }
  throw new Error(`no free SIP domain for company ${companyId}`);
}

/** The company a SIP domain names (what the embedded PBX resolves every request's domain with). */
export async function phoneSettingsByDomain(db: Db, sipDomain: string): Promise<PhoneSettingsRow | null> {
  const [row] = await db
    .select()
    .from(phoneSettings)
    .where(eq(phoneSettings.sipDomain, sipDomain.toLowerCase()));
  return row ?? null;
}

export async function updatePhoneSettings(
  ctx: TenantContext,
  credentials: CredentialsBox,
  input: UpdatePhoneSettings,
): Promise<PhoneSettingsRow> {
  await phoneSettingsOf(ctx.db, credentials, ctx.companyId);
  const [row] = await ctx.db
    .update(phoneSettings)
    .set({
      pbx: input.pbx,
      wsUrl: input.pbx === 'external' ? input.ws_url : null,
      sipDomain: input.sip_domain,
      iceServers: input.ice_servers,
      wrapUpSeconds: input.wrap_up_seconds,
      ringTimeoutSeconds: input.ring_timeout_seconds,
      updatedAt: new Date(),
    })
    .where(eq(phoneSettings.companyId, ctx.companyId))
    .returning()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('sip_domain_taken', 409, { domain: input.sip_domain });
      throw error;
    });
  return row!;
}
