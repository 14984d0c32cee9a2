// The product's companies as its super administrators see them (issue 21 item 6): a page of them with each one's
// usage, creating one with its first administrator, suspending and reactivating. These act across tenants by
// design, so they take the database and the acting super administrator rather than a tenant context.
import { USAGE_MESSAGE_DAYS, type CompaniesQuery, type CreateCompanyRequest } from '@atende/contract';
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { companies, sessions } from '../../db/schema/index.ts';
import { isUniqueViolation, type Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { recordAuditEvent } from '../audit/service.ts';
import { createCompany, findCompanyBySlug } from '../companies/service.ts';
import { createUser } from '../users/service.ts';
import type { SuperAdmin } from './super-admin.ts';

/**
 * Each figure a correlated count over an index that leads with company_id (users' username key, contacts'
 * orderings, messages_company_created_idx, attachments_company_size_idx, channel accounts' company key), run
 * for the page's companies only.
 */
// Spelled out: drizzle renders a column of the selected table unqualified, which inside the subquery would name
// the subquery's own column.
const companyId = sql.raw('"companies"."id"');
const usageColumns = {
  activeUsers: sql<number>`(select count(*) from users u where u.company_id = ${companyId} and u.active)`
    .mapWith(Number)
    .as('active_users'),
  contacts: sql<number>`(select count(*) from contacts c where c.company_id = ${companyId})`
    .mapWith(Number)
    .as('contacts_count'),
  messages30d: sql<number>`(select count(*) from messages m where m.company_id = ${companyId}
      and m.created_at >= now() - make_interval(days => ${USAGE_MESSAGE_DAYS}))`
    .mapWith(Number)
    .as('messages_30d'),
  fileBytes:
    sql<number>`(select coalesce(sum(a.size), 0) from attachments a where a.company_id = ${companyId})`
      .mapWith(Number)
      .as('file_bytes'),
  channelAccounts: sql<number>`(select count(*) from channel_accounts ca where ca.company_id = ${companyId})`
    .mapWith(Number)
    .as('channel_accounts_count'),
};

const ORDER: Record<CompaniesQuery['sort'], SQL[]> = {
  name: [sql`lower(${companies.name})`],
  created_at: [sql`${companies.createdAt}`],
  // Active first when ascending; the suspended among them by when they were suspended.
  status: [sql`${companies.suspendedAt} is not null`, sql`${companies.suspendedAt}`],
};

export type CompanyWithUsage = Awaited<ReturnType<ProductCompanies['list']>>['rows'][number];

/** A temporary password shown once: 12 characters of base64url (72 random bits). */
const temporaryPassword = () => randomBytes(9).toString('base64url');

export type ProductCompanies = ReturnType<typeof productCompanies>;

export function productCompanies(deps: { db: Db; bus: EventBus }) {
  const withUsage = (db: Db, where: SQL | undefined) =>
    db
      .select({
        id: companies.id,
        name: companies.name,
        slug: companies.slug,
        createdAt: companies.createdAt,
        suspendedAt: companies.suspendedAt,
        ...usageColumns,
      })
      .from(companies)
      .where(where);

  async function one(db: Db, id: string) {
    const [row] = await withUsage(db, eq(companies.id, id)).limit(1);
    if (!row) throw notFound();
    return row;
  }

  /** Suspends or reactivates; a suspension revokes every open session of the company at once (and its sockets). */
  async function setSuspended(actor: SuperAdmin, id: string, suspended: boolean) {
    if (suspended && id === actor.companyId) throw new AppError('forbidden', 403);
    return inTransaction(deps.db, deps.bus, async (tx, record) => {
      const [changed] = await tx
        .update(companies)
        .set({ suspendedAt: suspended ? new Date() : null, updatedAt: new Date() })
        .where(
          and(
            eq(companies.id, id),
            suspended ? isNull(companies.suspendedAt) : isNotNull(companies.suspendedAt),
          ),
        )
        .returning({ id: companies.id });
      // Already in the state asked for: nothing to do, nothing to log.
      if (!changed) return one(tx, id);
      if (suspended) {
        const revoked = await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.companyId, id), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
        record({ type: 'sessions.revoked', companyId: id, sessionIds: revoked.map((row) => row.id) });
      }
      await recordAuditEvent(tx, {
        companyId: id,
        kind: suspended ? 'company_suspended' : 'company_reactivated',
        actorUserId: actor.userId,
        subject: actor.username,
        clientIp: actor.clientIp,
      });
      return one(tx, id);
    });
  }

  return {
    async list(query: CompaniesQuery) {
      const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
      const where = pattern ? or(ilike(companies.name, pattern), ilike(companies.slug, pattern)) : undefined;
      const direction = query.direction === 'desc' ? desc : asc;
      const [rows, [total]] = await Promise.all([
        withUsage(deps.db, where)
          .orderBy(...ORDER[query.sort].map((column) => direction(column)), asc(companies.id))
          .limit(query.limit)
          .offset(query.offset),
        deps.db.select({ total: count() }).from(companies).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** The company and its first administrator, who must choose a new password at the first login. */
    async create(actor: SuperAdmin, input: CreateCompanyRequest) {
      const password = temporaryPassword();
      if (await findCompanyBySlug(deps.db, input.slug)) throw slugTaken(input.slug);
      try {
        return await deps.db.transaction(async (tx) => {
          const company = await createCompany(tx, { name: input.name, slug: input.slug });
          const admin = await createUser(tx, company.id, {
            username: input.admin.username,
            name: input.admin.name,
            role: 'admin',
            password,
            requireNewPassword: true,
          });
          await recordAuditEvent(tx, {
            companyId: company.id,
            kind: 'company_created',
            actorUserId: actor.userId,
            subject: actor.username,
            clientIp: actor.clientIp,
            details: { admin: admin.username },
          });
          return {
            company: await one(tx, company.id),
            admin: { id: admin.id, username: admin.username, temporaryPassword: password },
          };
        });
      } catch (error) {
        // Two creations of the same slug at once: the unique key settles it.
        if (isUniqueViolation(error)) throw slugTaken(input.slug);
        throw error;
      }
    },

    suspend: (actor: SuperAdmin, id: string) => setSuspended(actor, id, true),
    reactivate: (actor: SuperAdmin, id: string) => setSuspended(actor, id, false),
  };
}

const slugTaken = (slug: string) => new AppError('company_slug_taken', 409, { slug });
