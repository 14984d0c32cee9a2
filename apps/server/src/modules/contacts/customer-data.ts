// Customer data: editing a contact's fields, its responsible (ability contacts.change_responsible) and its
// segments (wallets). Part of the contact service (service.ts).
import type { AddWalletRequest, UpdateContactRequest } from '@atende/contract';
import { and, eq } from 'drizzle-orm';
import { contacts, contactWallets, wallets } from '../../db/schema/index.ts';
import { authorize, type TenantContext } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { acceptDocument } from './documents.ts';
import { assertActiveUser, ownership } from './ownership.ts';
import { priorityRank, type ContactDetail } from './presenter.ts';
import { contactDetail, maySeeContact } from './queries.ts';

const nullable = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

export function customerDataOperations(deps: { bus: EventBus }) {
  return {
    async update(ctx: TenantContext, input: UpdateContactRequest & { id: string }): Promise<ContactDetail> {
      const contactId = input.id;
      if (!(await maySeeContact(ctx, contactId))) throw notFound();
      const changesResponsible = input.responsible_id !== undefined;
      if (changesResponsible) authorize(ctx, 'contacts.change_responsible');
      if (input.responsible_id) await assertActiveUser(ctx, input.responsible_id);
      const document = input.document === undefined ? undefined : acceptDocument(input.document);
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const [before] = await tx
          .select({ responsibleId: contacts.responsibleId })
          .from(contacts)
          .where(and(eq(contacts.id, contactId), eq(contacts.companyId, ctx.companyId)))
          .for('update');
        const moved = changesResponsible && before?.responsibleId !== input.responsible_id;
        await tx
          .update(contacts)
          .set({
            name: input.name,
            document,
            code: nullable(input.code),
            protocol: nullable(input.protocol),
            tag: nullable(input.tag),
            reason: nullable(input.reason),
            priority: input.priority ? priorityRank(input.priority) : undefined,
            updatedAt: new Date(),
            // A contact given back (no responsible) waits in the queue again; one given to someone leaves it.
            ...(moved
              ? ownership(input.responsible_id ?? null, new Date(), { userId: ctx.userId, note: null })
              : {}),
          })
          .where(and(eq(contacts.id, contactId), eq(contacts.companyId, ctx.companyId)));
        record({
          type: 'contact.changed',
          companyId: ctx.companyId,
          contactId,
          ...(moved ? { previousResponsibleId: before?.responsibleId ?? null } : {}),
        });
        if (moved) record({ type: 'waiting.changed', companyId: ctx.companyId });
      });
      return contactDetail(ctx, contactId);
    },

    async addWallet(ctx: TenantContext, input: AddWalletRequest & { id: string }): Promise<ContactDetail> {
      const contactId = input.id;
      if (!(await maySeeContact(ctx, contactId))) throw notFound();
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        let walletId = input.wallet_id;
        if (walletId) {
          const [wallet] = await tx
            .select({ id: wallets.id })
            .from(wallets)
            .where(and(eq(wallets.id, walletId), eq(wallets.companyId, ctx.companyId)));
          if (!wallet) throw notFound();
        } else {
          const [created] = await tx
            .insert(wallets)
            .values({ companyId: ctx.companyId, name: input.wallet_name! })
            .returning({ id: wallets.id });
          walletId = created!.id;
        }
        await tx
          .insert(contactWallets)
          .values({ companyId: ctx.companyId, contactId, walletId })
          .onConflictDoNothing();
        record({ type: 'contact.changed', companyId: ctx.companyId, contactId });
      });
      return contactDetail(ctx, contactId);
    },

    async removeWallet(ctx: TenantContext, input: { id: string; walletId: string }): Promise<ContactDetail> {
      const { id: contactId, walletId } = input;
      if (!(await maySeeContact(ctx, contactId))) throw notFound();
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        await tx
          .delete(contactWallets)
          .where(
            and(
              eq(contactWallets.contactId, contactId),
              eq(contactWallets.walletId, walletId),
              eq(contactWallets.companyId, ctx.companyId),
            ),
          );
        record({ type: 'contact.changed', companyId: ctx.companyId, contactId });
      });
      return contactDetail(ctx, contactId);
    },
  };
}
