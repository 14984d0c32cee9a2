// A conversation read or unread: reading clears the contact's unread count and stamps its customer messages;
// marking unread brings the last customer message back as unread. The queue follows live.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { contacts, messages } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { maySeeContact } from '../contacts/queries.ts';

export async function markConversationRead(
  ctx: TenantContext,
  bus: EventBus,
  contactId: string,
): Promise<void> {
  if (!(await maySeeContact(ctx, contactId))) throw notFound();
  await inTransaction(ctx.db, bus, async (tx, record) => {
    const now = new Date();
    await tx
      .update(messages)
      .set({ readAt: now })
      .where(
        and(
          eq(messages.contactId, contactId),
          eq(messages.companyId, ctx.companyId),
          eq(messages.direction, 'in'),
          isNull(messages.readAt),
        ),
      );
    await tx
      .update(contacts)
      .set({ unreadCount: 0, updatedAt: now })
      .where(and(eq(contacts.id, contactId), eq(contacts.companyId, ctx.companyId)));
    record({ type: 'contact.changed', companyId: ctx.companyId, contactId, unreadChanged: true });
  });
}

export async function markConversationUnread(
  ctx: TenantContext,
  bus: EventBus,
  contactId: string,
): Promise<void> {
  if (!(await maySeeContact(ctx, contactId))) throw notFound();
  await inTransaction(ctx.db, bus, async (tx, record) => {
    const [last] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.contactId, contactId),
          eq(messages.companyId, ctx.companyId),
          eq(messages.direction, 'in'),
        ),
      )
      .orderBy(desc(messages.createdAt))
      .limit(1);
    if (last) await tx.update(messages).set({ readAt: null }).where(eq(messages.id, last.id));
    await tx
      .update(contacts)
      .set({ unreadCount: sql`greatest(${contacts.unreadCount}, 1)`, updatedAt: new Date() })
      .where(and(eq(contacts.id, contactId), eq(contacts.companyId, ctx.companyId)));
    record({ type: 'contact.changed', companyId: ctx.companyId, contactId, unreadChanged: true });
  });
}
