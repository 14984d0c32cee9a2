// Companies (tenants): creation and lookup by the name typed at login or by the host of a request. These run
// before there is a tenant context (login, the white-label of the login page, the demo seed, the bench's
// dataset), so they take the database, or an open transaction, rather than a context; other modules (auth,
// resources, users, demo) build on them.
import type { CompanyBranding } from '@atende/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { companies } from '../../db/schema/index.ts';

export type Company = typeof companies.$inferSelect;

/** Login accepts the company's name in any case and with surrounding spaces. */
export const companySlug = (name: string) => name.trim().toLowerCase();

export async function createCompany(
  db: Db,
  input: { name: string; slug?: string; host?: string | null; branding?: CompanyBranding },
): Promise<Company> {
  const [company] = await db
    .insert(companies)
    .values({
      name: input.name,
      slug: companySlug(input.slug ?? input.name),
      host: input.host?.toLowerCase() ?? null,
      branding: input.branding ?? {},
    })
    .returning();
  if (!company) throw new Error('company insert returned nothing');
  return company;
}

export async function findCompanyBySlug(db: Db, name: string): Promise<Company | undefined> {
  const [company] = await db
    .select()
    .from(companies)
    .where(eq(companies.slug, companySlug(name)))
    .limit(1);
  return company;
}

export async function findCompanyByHost(db: Db, host: string): Promise<Company | undefined> {
  const hostname = host.toLowerCase().replace(/:\d+$/, '');
  const [company] = await db.select().from(companies).where(eq(companies.host, hostname)).limit(1);
  return company;
}

export async function findCompanyById(db: Db, id: string): Promise<Company | undefined> {
  const [company] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return company;
}
