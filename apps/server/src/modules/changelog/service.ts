// The changelog: product versions (every company reads them; super administrators write them) and a company's
// own (its administrators write them), newest first. Who reads it follows the product settings (enabled, the
// roles that see it); who manages it always does. Each user's last look at it is kept, so the "what's new" badge
// counts the versions published since; a publication is announced to its readers after the commit.
import { may, CHANGELOG_LIST_MAX, type ChangelogVersionRequest } from '@atende/contract';
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { changelogReads, changelogVersions } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { readProductSettings } from '../product/settings.ts';
import { mayEditVersion, scopeOfNewVersion } from './policy.ts';
import { versionColumns, type VersionRow } from './presenter.ts';

/** The versions a company's users read: the product's and the company's own. */
const readableBy = (ctx: TenantContext) =>
  or(isNull(changelogVersions.companyId), eq(changelogVersions.companyId, ctx.companyId));

export type ChangelogService = ReturnType<typeof changelogService>;

export function changelogService(deps: { db: Db; bus: EventBus }) {
  async function visible(ctx: TenantContext): Promise<boolean> {
    if (may(ctx, 'changelog.manage')) return true;
    const settings = await readProductSettings(deps.db);
    return settings.changelogEnabled && settings.changelogRoles.includes(ctx.role);
  }

  /** A version the reader may change; one of another company is not found, a product one is refused. */
  async function editable(tx: Db, ctx: TenantContext, id: string): Promise<VersionRow> {
    const [row] = await tx
      .select(versionColumns)
      .from(changelogVersions)
      .where(and(eq(changelogVersions.id, id), readableBy(ctx)))
      .for('update');
    if (!row) throw notFound();
    if (!mayEditVersion(ctx, row)) throw forbidden();
    return row;
  }

  return {
    async list(ctx: TenantContext): Promise<VersionRow[]> {
      if (!(await visible(ctx))) throw forbidden();
      return ctx.db
        .select(versionColumns)
        .from(changelogVersions)
        .where(readableBy(ctx))
        .orderBy(desc(changelogVersions.date), desc(changelogVersions.createdAt))
        .limit(CHANGELOG_LIST_MAX);
    },

    async status(ctx: TenantContext): Promise<{ visible: boolean; unseen: number }> {
      if (!(await visible(ctx))) return { visible: false, unseen: 0 };
      const [row] = await ctx.db
        .select({ unseen: count() })
        .from(changelogVersions)
        .leftJoin(
          changelogReads,
          and(eq(changelogReads.userId, ctx.userId), eq(changelogReads.companyId, ctx.companyId)),
        )
        .where(
          and(
            readableBy(ctx),
            // Never opened: every version is news.
            or(isNull(changelogReads.seenAt), gt(changelogVersions.createdAt, changelogReads.seenAt)),
          ),
        );
      return { visible: true, unseen: row?.unseen ?? 0 };
    },

    async markSeen(ctx: TenantContext): Promise<void> {
      if (!(await visible(ctx))) throw forbidden();
      await ctx.db
        .insert(changelogReads)
        .values({ userId: ctx.userId, companyId: ctx.companyId })
        .onConflictDoUpdate({ target: changelogReads.userId, set: { seenAt: sql`now()` } });
    },

    async create(ctx: TenantContext, input: ChangelogVersionRequest): Promise<VersionRow> {
      return inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const [row] = await tx
          .insert(changelogVersions)
          .values({ companyId: scopeOfNewVersion(ctx), authorId: ctx.userId, ...input })
          .returning(versionColumns);
        record({
          type: 'changelog.published',
          companyId: row!.companyId,
          versionId: row!.id,
          publishedAt: row!.createdAt,
        });
        return row!;
      });
    },

    async update(ctx: TenantContext, input: ChangelogVersionRequest & { id: string }): Promise<VersionRow> {
      return ctx.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        await editable(tx, ctx, input.id);
        const [row] = await tx
          .update(changelogVersions)
          .set({ date: input.date, version: input.version, changes: input.changes, updatedAt: new Date() })
          .where(eq(changelogVersions.id, input.id))
          .returning(versionColumns);
        return row!;
      });
    },

    async remove(ctx: TenantContext, input: { id: string }): Promise<void> {
      await ctx.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        await editable(tx, ctx, input.id);
        await tx.delete(changelogVersions).where(eq(changelogVersions.id, input.id));
      });
    },
  };
}
