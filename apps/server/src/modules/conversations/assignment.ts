// Who has a conversation (issue 20, item 2): giving it to an attendant, with a note they see at once and in the
// header, or returning it to the queue; and the supervisors' bulk actions over a selection of the list.
import type { AssignRequest, BulkConversationRequest } from '@atende/contract';
import { and, eq } from 'drizzle-orm';
import { contacts } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/events.ts';
import { assertActiveUser, ownership } from '../contacts/ownership.ts';
import type { ContactDetail } from '../contacts/presenter.ts';
import { contactDetail, maySeeContact } from '../contacts/queries.ts';
import { announce, lockConversation, type LifecycleDeps } from './lifecycle.ts';
import { mayAssign } from './policy.ts';

type Lifecycle = {
  resolve(ctx: TenantContext, input: { id: string }): Promise<ContactDetail>;
};

export function assignmentOperations(deps: LifecycleDeps, lifecycle: Lifecycle) {
  /** Gives the conversation to `responsible_id`, or to the queue when null. */
  async function assign(ctx: TenantContext, input: AssignRequest & { id: string }): Promise<void> {
    if (!(await maySeeContact(ctx, input.id))) throw notFound();
    if (input.responsible_id) await assertActiveUser(ctx, input.responsible_id);
    await inTransaction(ctx.db, deps.bus, async (tx, record) => {
      const before = await lockConversation(tx, ctx.companyId, input.id);
      if (!mayAssign(ctx, before.responsibleId, input.responsible_id)) {
        throw new AppError('not_conversation_owner', 403);
      }
      const at = new Date();
      // Given by a colleague (not taken for oneself): the receiver sees who gave it and the note.
      const given = input.responsible_id !== null && input.responsible_id !== ctx.userId;
      const note = input.note || null;
      await tx
        .update(contacts)
        .set(ownership(input.responsible_id, at, given ? { userId: ctx.userId, note } : undefined))
        .where(and(eq(contacts.id, input.id), eq(contacts.companyId, ctx.companyId)));
      const waitingMoved = before.onQueue || input.responsible_id === null;
      announce(record, ctx.companyId, input.id, waitingMoved, {
        previousResponsibleId: before.responsibleId,
      });
      if (given) {
        record({
          type: 'conversation.transferred',
          companyId: ctx.companyId,
          contactId: input.id,
          toUserId: input.responsible_id!,
          byUserId: ctx.userId,
          note,
          at,
        });
      }
    });
  }

  return {
    async assign(ctx: TenantContext, input: AssignRequest & { id: string }): Promise<ContactDetail> {
      await assign(ctx, input);
      // Given to someone else, an attendant no longer sees it: the answer is what they have just given.
      return contactDetail(ctx, input.id, !(await maySeeContact(ctx, input.id)));
    },

    /**
     * Resolves or assigns each selected conversation (the route holds conversations.bulk), each in its own
     * transaction as one at a time would; those not found (another company's, removed) are left out.
     */
    async bulk(ctx: TenantContext, input: BulkConversationRequest): Promise<string[]> {
      if (input.action === 'assign' && input.responsible_id) {
        await assertActiveUser(ctx, input.responsible_id);
      }
      const changed: string[] = [];
      for (const id of new Set(input.ids)) {
        try {
          if (input.action === 'resolve') await lifecycle.resolve(ctx, { id });
          else await assign(ctx, { id, responsible_id: input.responsible_id });
          changed.push(id);
        } catch (error) {
          if (!(error instanceof AppError && error.statusCode === 404)) throw error;
        }
      }
      return changed;
    },
  };
}
