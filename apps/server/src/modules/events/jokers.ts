// Jokers: the company's labels a contact may carry, one at a time ("change joker" in the customer panel).
// Part of the event service (service.ts).
import { and, asc, eq, isNull } from 'drizzle-orm';
import { contacts, jokers } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import type { ContactDetail } from '../contacts/presenter.ts';
import { contactDetail, maySeeContact } from '../contacts/queries.ts';
import type { JokerRows } from './presenter.ts';

export function jokerOperations(deps: { bus: EventBus }) {
  return {
    async jokerChoices(ctx: TenantContext, input: { id: string }): Promise<JokerRows> {
      const contact = await contactDetail(ctx, input.id);
      const rows = await ctx.db
        .select({ id: jokers.id, name: jokers.name })
        .from(jokers)
        .where(and(eq(jokers.companyId, ctx.companyId), isNull(jokers.archivedAt)))
        .orderBy(asc(jokers.position), asc(jokers.name));
      return { jokers: rows, contact };
    },

    async setJoker(ctx: TenantContext, input: { id: string; jokerId: string }): Promise<ContactDetail> {
      const { id: contactId, jokerId } = input;
      if (!(await maySeeContact(ctx, contactId))) throw notFound();
      const [joker] = await ctx.db
        .select({ id: jokers.id })
        .from(jokers)
        .where(and(eq(jokers.id, jokerId), eq(jokers.companyId, ctx.companyId), isNull(jokers.archivedAt)));
      if (!joker) throw notFound();
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        await tx
          .update(contacts)
          .set({ jokerId, updatedAt: new Date() })
          .where(and(eq(contacts.id, contactId), eq(contacts.companyId, ctx.companyId)));
        record({ type: 'contact.changed', companyId: ctx.companyId, contactId });
      });
      return contactDetail(ctx, contactId);
    },
  };
}
