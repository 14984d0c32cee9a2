// Transmission lists: saved and reusable. A filter list keeps the contact list's filter and is resolved again
// each time it is sent; a picked list keeps its contacts; an imported list keeps the contacts its CSV's rows
// matched, and creates contacts for its new numbers when it is saved (the preview having shown them first).
import type { BroadcastListRequest } from '@atende/contract';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { broadcastListMembers, broadcastLists, contacts } from '../../db/schema/index.ts';
import { authorize, type TenantContext } from '../../platform/auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { contactService } from '../contacts/service.ts';
import { previewBroadcastCsv } from './csv.ts';

export type ListRow = typeof broadcastLists.$inferSelect & { contacts: number | null };

const LISTS_PAGE = 200;

export function broadcastListOperations(deps: { bus: EventBus }) {
  const people = contactService(deps);

  /** The company's contacts among `ids` (another company's ids are dropped, never linked). */
  async function ownContacts(ctx: TenantContext, ids: readonly string[]): Promise<string[]> {
    const found: string[] = [];
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await ctx.db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.companyId, ctx.companyId), inArray(contacts.id, ids.slice(i, i + 1000))));
      found.push(...rows.map((row) => row.id));
    }
    return found;
  }

  /** The contacts of an imported list: matched ones, and new ones created now. */
  async function csvContacts(
    ctx: TenantContext,
    input: Extract<BroadcastListRequest, { source: 'csv' }>,
  ): Promise<string[]> {
    const preview = await previewBroadcastCsv(ctx, input.kind, input.rows);
    const ids: string[] = [];
    for (const row of preview.rows) {
      if (row.outcome === 'matched') ids.push(row.contact_id!);
      if (row.outcome !== 'new') continue;
      const created = await people.create(ctx, {
        name: row.name || row.phone,
        channel: { type: input.kind, address: preview.addresses.get(row.line)! },
        priority: 'medium',
      });
      ids.push(created.row.id);
    }
    if (ids.length === 0) throw new AppError('broadcast_no_recipients', 400);
    return ids;
  }

  return {
    async listLists(ctx: TenantContext): Promise<ListRow[]> {
      const sizes = ctx.db
        .select({ listId: broadcastListMembers.listId, size: count().as('size') })
        .from(broadcastListMembers)
        .where(eq(broadcastListMembers.companyId, ctx.companyId))
        .groupBy(broadcastListMembers.listId)
        .as('sizes');
      const rows = await ctx.db
        .select({ list: broadcastLists, size: sizes.size })
        .from(broadcastLists)
        .leftJoin(sizes, eq(sizes.listId, broadcastLists.id))
        .where(eq(broadcastLists.companyId, ctx.companyId))
        .orderBy(desc(broadcastLists.createdAt))
        .limit(LISTS_PAGE);
      return rows.map(({ list, size }) => ({
        ...list,
        contacts: list.source === 'filter' ? null : Number(size ?? 0),
      }));
    },

    async createList(ctx: TenantContext, input: BroadcastListRequest): Promise<ListRow> {
      // Picked contacts are looked up first: another company's answer 404 whoever asks.
      if (input.source !== 'contacts') authorize(ctx, 'broadcasts.send');
      const members =
        input.source === 'filter'
          ? []
          : input.source === 'contacts'
            ? await ownContacts(ctx, [...new Set(input.contact_ids)])
            : await csvContacts(ctx, input);
      if (input.source === 'contacts' && members.length === 0) throw notFound();
      authorize(ctx, 'broadcasts.send');
      const list = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(broadcastLists)
          .values({
            companyId: ctx.companyId,
            name: input.name,
            source: input.source,
            filter: input.source === 'filter' ? input.filter : null,
            createdBy: ctx.userId,
          })
          .returning();
        const unique = [...new Set(members)];
        for (let i = 0; i < unique.length; i += 1000) {
          await tx.insert(broadcastListMembers).values(
            unique.slice(i, i + 1000).map((contactId) => ({
              listId: row!.id,
              companyId: ctx.companyId,
              contactId,
            })),
          );
        }
        return { ...row!, contacts: input.source === 'filter' ? null : unique.length };
      });
      return list;
    },

    async removeList(ctx: TenantContext, input: { id: string }): Promise<void> {
      await findList(ctx, input.id);
      const [row] = await ctx.db
        .delete(broadcastLists)
        .where(and(eq(broadcastLists.id, input.id), eq(broadcastLists.companyId, ctx.companyId)))
        .returning({ id: broadcastLists.id });
      if (!row) throw notFound();
    },
  };
}

/** The company's list, or 404. */
export async function findList(ctx: TenantContext, id: string) {
  const [row] = await ctx.db
    .select()
    .from(broadcastLists)
    .where(and(eq(broadcastLists.id, id), eq(broadcastLists.companyId, ctx.companyId)))
    .limit(1);
  if (!row) throw new AppError('broadcast_list_not_found', 404);
  authorize(ctx, 'broadcasts.send');
  return row;
}
