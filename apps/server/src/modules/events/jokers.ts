// Jokers: the company's labels a contact may carry, one at a time ("change joker" in the customer panel).
import type { Contact, JokerChoices } from '@atende/contract';
import { and, asc, eq } from 'drizzle-orm';
import { contacts, jokers } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { maySeeContact } from '../contacts/queries.ts';
import { getContact } from '../contacts/service.ts';

export async function jokerChoices(ctx: TenantContext, contactId: string): Promise<JokerChoices> {
  const contact = await getContact(ctx, contactId);
  const data = await ctx.db
    .select({ id: jokers.id, name: jokers.name })
    .from(jokers)
    .where(and(eq(jokers.companyId, ctx.companyId), eq(jokers.active, true)))
    .orderBy(asc(jokers.position), asc(jokers.name));
  return { data, current: contact.jokers[0] ?? null };
}

export async function setJoker(
  ctx: TenantContext,
  bus: EventBus,
  contactId: string,
  jokerId: string,
): Promise<Contact> {
  if (!(await maySeeContact(ctx, contactId))) throw notFound();
  const [joker] = await ctx.db
    .select({ id: jokers.id })
    .from(jokers)
    .where(and(eq(jokers.id, jokerId), eq(jokers.companyId, ctx.companyId), eq(jokers.active, true)));
  if (!joker) throw notFound();
  await inTransaction(ctx.db, bus, async (tx, record) => {
    await tx
      .update(contacts)
      .set({ jokerId, updatedAt: new Date() })
      .where(and(eq(contacts.id, contactId), eq(contacts.companyId, ctx.companyId)));
    record({ type: 'contact.changed', companyId: ctx.companyId, contactId });
  });
  return getContact(ctx, contactId);
}
