// The Center's side of the catalogues (the company's ready phrases among them): list (paged, sorted, searched),
// create, edit, move and (un)archive an entry, for administrators; supervisors read. Every change is one
// transaction that writes the audit log (who changed what) and announces the catalogue, after commit, to the
// company's open consoles. Part of the catalogue service (service.ts).
import {
  CATALOGUE_PAGE_MAX,
  type AuditDetails,
  type AuditKind,
  type Catalogue,
  type CatalogueInput,
  type CatalogueMove,
  type CatalogueQuery,
} from '@atende/contract';
import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { companyPhrases } from '../../db/schema/index.ts';
import { authorize, type TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type DomainEvent, type EventBus } from '../../platform/events.ts';
import { recordAuditEvent } from '../audit/service.ts';
import { catalogueTable, ownColumns, type CatalogueRow } from './tables.ts';

/** Largest catalogue a move reorders: far above any real one (they hold tens of entries). */
const ORDER_LIMIT = CATALOGUE_PAGE_MAX * 100;

export type CataloguePageRows = { rows: CatalogueRow[]; total: number };

type Change = { kind: AuditKind; row: CatalogueRow; details?: AuditDetails };

export function centerOperations(deps: { bus: EventBus }) {
  /**
   * An entry of the company's catalogue, for who may manage it: another company's entry is not found for
   * anyone (no existence leak), which is why these operations authorise after the lookup.
   */
  async function managed(ctx: TenantContext, catalogue: Catalogue, id: string): Promise<CatalogueRow> {
    const table = catalogueTable(catalogue);
    const [row] = await ctx.db
      .select()
      .from(table)
      .where(and(eq(table.id, id), eq(table.companyId, ctx.companyId)))
      .limit(1);
    if (!row) throw notFound();
    authorize(ctx, 'catalogues.manage');
    return row;
  }

  /** Names are unique within a company's catalogue whatever their case, archived entries included. */
  async function assertNameFree(tx: Db, ctx: TenantContext, catalogue: Catalogue, name: string, id?: string) {
    const table = catalogueTable(catalogue);
    const [taken] = await tx
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          eq(table.companyId, ctx.companyId),
          sql`lower(${table.name}) = lower(${name})`,
          id ? ne(table.id, id) : undefined,
        ),
      )
      .limit(1);
    if (taken) throw new AppError('catalogue_name_taken', 409, { name });
  }

  /** Audits the change and announces the catalogue after commit. */
  async function recordChange(
    tx: Db,
    record: (event: DomainEvent) => void,
    ctx: TenantContext,
    catalogue: Catalogue,
    change: Change,
  ) {
    await recordAuditEvent(tx, {
      companyId: ctx.companyId,
      kind: change.kind,
      actorUserId: ctx.userId,
      subject: change.row.name,
      details: { catalogue, entry_id: change.row.id, ...change.details },
    });
    record({ type: 'catalogue.changed', companyId: ctx.companyId, catalogue });
  }

  return {
    async list(ctx: TenantContext, catalogue: Catalogue, query: CatalogueQuery): Promise<CataloguePageRows> {
      const table = catalogueTable(catalogue);
      const filters: (SQL | undefined)[] = [eq(table.companyId, ctx.companyId)];
      if (!query.archived) filters.push(isNull(table.archivedAt));
      if (query.search) {
        const pattern = `%${escapeLike(query.search)}%`;
        // A phrase is found by its text too: administrators remember what it says more than its title.
        const text = catalogue === 'phrases' ? ilike(companyPhrases.text, pattern) : undefined;
        filters.push(or(ilike(table.name, pattern), text));
      }
      const where = and(...filters);
      const by = query.direction === 'desc' ? desc : asc;
      const order =
        query.sort === 'name'
          ? [by(sql`lower(${table.name})`), by(table.id)]
          : [by(table.position), by(sql`lower(${table.name})`), by(table.id)];
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select()
          .from(table)
          .where(where)
          .orderBy(...order)
          .limit(query.limit)
          .offset(query.offset),
        ctx.db.select({ value: count() }).from(table).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    /** A new entry goes last in the company's order. */
    async create(ctx: TenantContext, catalogue: Catalogue, input: CatalogueInput): Promise<CatalogueRow> {
      const table = catalogueTable(catalogue);
      return inTransaction(ctx.db, deps.bus, async (tx, record) => {
        await assertNameFree(tx, ctx, catalogue, input.name);
        const [last] = await tx
          .select({ position: sql<number>`coalesce(max(${table.position}), -1)` })
          .from(table)
          .where(eq(table.companyId, ctx.companyId));
        const [row] = await tx
          .insert(table)
          .values({
            ...ownColumns(catalogue, input),
            companyId: ctx.companyId,
            name: input.name,
            position: Number(last?.position ?? -1) + 1,
          })
          .returning();
        await recordChange(tx, record, ctx, catalogue, { kind: 'catalogue_created', row: row! });
        return row!;
      });
    },

    async update(
      ctx: TenantContext,
      catalogue: Catalogue,
      input: CatalogueInput & { id: string },
    ): Promise<CatalogueRow> {
      const current = await managed(ctx, catalogue, input.id);
      const table = catalogueTable(catalogue);
      return inTransaction(ctx.db, deps.bus, async (tx, record) => {
        await assertNameFree(tx, ctx, catalogue, input.name, input.id);
        const [row] = await tx
          .update(table)
          .set({ ...ownColumns(catalogue, input), name: input.name, updatedAt: new Date() })
          .where(and(eq(table.id, input.id), eq(table.companyId, ctx.companyId)))
          .returning();
        const details: AuditDetails = current.name === input.name ? {} : { previous_name: current.name };
        await recordChange(tx, record, ctx, catalogue, { kind: 'catalogue_updated', row: row!, details });
        return row!;
      });
    },

    /**
     * Puts the entry at `position` of the company's whole order (archived entries keep their places, so an
     * unarchived one returns where it was) and numbers every entry again from 0.
     */
    async move(
      ctx: TenantContext,
      catalogue: Catalogue,
      input: CatalogueMove & { id: string },
    ): Promise<CatalogueRow> {
      await managed(ctx, catalogue, input.id);
      const table = catalogueTable(catalogue);
      return inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const order = await tx
          .select({ id: table.id, position: table.position })
          .from(table)
          .where(eq(table.companyId, ctx.companyId))
          .orderBy(asc(table.position), asc(sql`lower(${table.name})`), asc(table.id))
          .limit(ORDER_LIMIT)
          .for('update');
        const ids = order.map((entry) => entry.id).filter((id) => id !== input.id);
        const position = Math.min(input.position, ids.length);
        ids.splice(position, 0, input.id);
        const now = new Date();
        for (const [index, id] of ids.entries()) {
          if (order.find((entry) => entry.id === id)?.position === index) continue;
          await tx
            .update(table)
            .set({ position: index, updatedAt: now })
            .where(and(eq(table.id, id), eq(table.companyId, ctx.companyId)));
        }
        const [row] = await tx.select().from(table).where(eq(table.id, input.id));
        await recordChange(tx, record, ctx, catalogue, {
          kind: 'catalogue_moved',
          row: row!,
          details: { position },
        });
        return row!;
      });
    },

    /** Archives or brings back an entry; asking for the state it is in changes nothing and audits nothing. */
    async setArchived(
      ctx: TenantContext,
      catalogue: Catalogue,
      input: { id: string; archived: boolean },
    ): Promise<CatalogueRow> {
      const current = await managed(ctx, catalogue, input.id);
      if ((current.archivedAt !== null) === input.archived) return current;
      const table = catalogueTable(catalogue);
      return inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const now = new Date();
        const [row] = await tx
          .update(table)
          .set({ archivedAt: input.archived ? now : null, updatedAt: now })
          .where(and(eq(table.id, input.id), eq(table.companyId, ctx.companyId)))
          .returning();
        const kind = input.archived ? 'catalogue_archived' : 'catalogue_unarchived';
        await recordChange(tx, record, ctx, catalogue, { kind, row: row! });
        return row!;
      });
    },
  };
}
