// The voice module's operations for the API: the company's phone settings, its users' SIP accounts, the
// softphone's own settings, the call records (the history, its export) and a call's transfer to a colleague.
// The embedded PBX (sip/) writes the records through calls.ts; on an external PBX, the softphones report them.
import type {
  CallFilters,
  CallRecordQuery,
  CallReport,
  ClassifyCall,
  SaveSipAccount,
  TransferCall,
  UpdatePhoneSettings,
} from '@atende/contract';
import { and, eq } from 'drizzle-orm';
import { sipAccounts } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { attemptOfCall, classifyAttempt, followCall } from '../campaigns/outcomes.ts';
import { assertActiveUser } from '../contacts/ownership.ts';
import { scheduleService } from '../schedules/service.ts';
import { maySeeContact } from '../contacts/queries.ts';
import type { ConversationService } from '../conversations/service.ts';
import {
  allCalls,
  classifyCall,
  contactByNumber,
  findCall,
  findCallByCallId,
  listCalls,
  recordCallAnswer,
  recordCallEnd,
  recordCallHold,
  recordCallStart,
} from './calls.ts';
import { onlineOperators } from './operators.ts';
import { phoneSettingsOf, updatePhoneSettings } from './settings.ts';
import type { Pbx } from './sip/pbx.ts';
import { listSipAccounts, removeSipAccount, saveSipAccount, sipAccountOf } from './sip-accounts.ts';

export type VoiceService = ReturnType<typeof voiceService>;

export function voiceService(deps: {
  bus: EventBus;
  jobs: Jobs;
  credentials: CredentialsBox;
  pbx: Pbx;
  conversations: Pick<ConversationService, 'assign'>;
  /** The company's online operators changed (their list is sent again, coalesced). */
  operatorsChanged: (companyId: string) => void;
}) {
  const { bus, jobs, credentials, pbx, conversations, operatorsChanged } = deps;

  /** Gives the customer's conversation to the colleague a call goes to, when the caller may give it. */
  async function handOver(ctx: TenantContext, contactId: string, userId: string): Promise<boolean> {
    try {
      await conversations.assign(ctx, { id: contactId, responsible_id: userId });
      return true;
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404)) return false;
      throw error;
    }
  }

  return {
    settings: (ctx: TenantContext) => phoneSettingsOf(ctx.db, credentials, ctx.companyId),
    updateSettings: (ctx: TenantContext, input: UpdatePhoneSettings) =>
      updatePhoneSettings(ctx, credentials, input),

    /** What the user's softphone needs: the company's settings and the user's own SIP account. */
    async softphone(ctx: TenantContext) {
      const [settings, account] = await Promise.all([
        phoneSettingsOf(ctx.db, credentials, ctx.companyId),
        sipAccountOf(ctx.db, ctx.companyId, ctx.userId),
      ]);
      return { settings, account };
    },

    /** The company's operators registered with the embedded PBX now, and what each is doing. */
    onlineOperators: (ctx: TenantContext) => onlineOperators(ctx, pbx),

    sipAccounts: (ctx: TenantContext) => listSipAccounts(ctx),
    saveSipAccount: (ctx: TenantContext, input: SaveSipAccount & { userId: string }) =>
      saveSipAccount(ctx, credentials, input),
    removeSipAccount: (ctx: TenantContext, input: { userId: string }) => removeSipAccount(ctx, input.userId),

    /** A customer's calls, for whoever may see the customer. */
    async contactCalls(ctx: TenantContext, input: CallRecordQuery & { contactId: string }) {
      if (!(await maySeeContact(ctx, input.contactId))) throw notFound();
      return listCalls(ctx, input);
    },
    companyCalls: (ctx: TenantContext, query: CallRecordQuery) => listCalls(ctx, query),
    /** The company's calls the filters select, for the CSV export, page by page. */
    exportCalls: (ctx: TenantContext, query: CallFilters) => allCalls(ctx, query),

    /** A call the caller took or placed, by its SIP Call-ID; anyone else's answers 404. */
    async ownCall(ctx: TenantContext, input: { callId: string }) {
      const call = await findCallByCallId(ctx.db, ctx.companyId, input.callId);
      if (!call || call.operatorId !== ctx.userId) throw notFound();
      return call;
    },
    /**
     * A step of the caller's own call as their softphone saw it, recorded where the company's PBX is external
     * (it writes no records to us); the embedded PBX records its calls itself, so there it changes nothing.
     */
    async report(ctx: TenantContext, input: CallReport): Promise<{ recorded: boolean }> {
      const settings = await phoneSettingsOf(ctx.db, credentials, ctx.companyId);
      if (settings.pbx !== 'external') return { recorded: false };
      const { companyId, userId } = ctx;
      if (input.event === 'started') {
        const number = input.number.replace(/[^\d+*#]/g, '') || input.number;
        const own = (await sipAccountOf(ctx.db, companyId, userId))?.username ?? '';
        const inbound = input.direction === 'inbound';
        await recordCallStart(ctx.db, {
          companyId,
          callId: input.call_id,
          direction: input.direction,
          typeId: inbound ? 0 : 1,
          fromNumber: inbound ? number : own,
          toNumber: inbound ? own : number,
          operatorId: userId,
          contactId: await contactByNumber(ctx.db, companyId, number),
        });
      } else {
        const call = await findCallByCallId(ctx.db, companyId, input.call_id);
        if (!call || call.operatorId !== userId) throw notFound();
        if (input.event === 'answered') await recordCallAnswer(ctx.db, companyId, input.call_id, userId);
        else if (input.event === 'held') await recordCallHold(ctx.db, companyId, input.call_id, input.on);
        else await recordCallEnd(ctx.db, companyId, input.call_id, { side: input.side, cause: input.cause });
      }
      bus.publish([{ type: 'call.changed', companyId, callId: input.call_id }]);
      operatorsChanged(companyId);
      return { recorded: true };
    },
    /** The caller's softphone registered with (or left) the company's external PBX: the operators modal's list. */
    async reportRegistration(ctx: TenantContext, registered: boolean): Promise<{ recorded: boolean }> {
      const settings = await phoneSettingsOf(ctx.db, credentials, ctx.companyId);
      if (settings.pbx !== 'external') return { recorded: false };
      const [account] = await ctx.db
        .update(sipAccounts)
        .set({ registeredAt: registered ? new Date() : null })
        .where(and(eq(sipAccounts.companyId, ctx.companyId), eq(sipAccounts.userId, ctx.userId)))
        .returning({ id: sipAccounts.id });
      if (!account) throw new AppError('sip_account_missing', 409);
      operatorsChanged(ctx.companyId);
      return { recorded: true };
    },
    async classify(ctx: TenantContext, input: ClassifyCall & { id: string }) {
      // A campaign outcome is for the operator's own answered campaign call only, checked before anything is kept.
      const own = await findCall(ctx.db, ctx.companyId, input.id);
      // Its attempt follows the call first: the call's end may be classified before its event was handled.
      if (own) await followCall(ctx.db, ctx.companyId, own.callId);
      const attempt =
        own && own.operatorId === ctx.userId ? await attemptOfCall(ctx.db, ctx.companyId, own) : null;
      if (input.campaign && own?.operatorId === ctx.userId && (!attempt || !attempt.answeredAt)) {
        throw new AppError('campaign_attempt_not_found', 400);
      }
      const call = await classifyCall(ctx, input);
      if (attempt?.answeredAt) {
        const plan = scheduleService({ bus, jobs }).create;
        await classifyAttempt(
          {
            db: ctx.db,
            bus,
            plan: (contactId, at, annotation) => plan(ctx, { contactId, scheduled_at: at, annotation }),
          },
          {
            companyId: ctx.companyId,
            userId: ctx.userId,
            detail: attempt,
            campaign: input.campaign,
            notes: input.notes,
          },
        );
      }
      bus.publish([{ type: 'call.changed', companyId: ctx.companyId, callId: call.callId }]);
      return call;
    },

    /**
     * The caller's call in progress goes to a free colleague: checks the colleague can take it, gives them the
     * customer's conversation (when the caller may give it), and answers where the softphone refers the
     * customer (the PBX checks the REFER again and records the transfer once the customer accepts it).
     */
    async transfer(ctx: TenantContext, input: TransferCall & { id: string }) {
      const call = await findCall(ctx.db, ctx.companyId, input.id);
      if (!call || call.operatorId !== ctx.userId) throw notFound();
      if (call.state !== 'in_progress') throw new AppError('call_not_in_progress', 409);
      await assertActiveUser(ctx, input.to_user_id);
      const colleague = (await onlineOperators(ctx, pbx)).find(
        (operator) => operator.userId === input.to_user_id,
      );
      if (!colleague || colleague.state !== 'available' || colleague.userId === ctx.userId) {
        throw new AppError('transfer_target_unavailable', 409);
      }
      const settings = await phoneSettingsOf(ctx.db, credentials, ctx.companyId);
      const handedOver = call.contactId ? await handOver(ctx, call.contactId, colleague.userId) : false;
      return { refer_to: `sip:${colleague.sipUsername}@${settings.sipDomain}`, handed_over: handedOver };
    },
  };
}
