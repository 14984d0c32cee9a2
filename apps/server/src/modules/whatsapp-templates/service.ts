// WhatsApp message templates: synced from Meta for an account (administrators, from the Center), listed for the
// composer (the approved ones of the company's enabled WhatsApp accounts), and sent to a contact as a template
// message whose stored text is the body with its variables filled.
import {
  fillTemplate,
  templateVariables,
  WHATSAPP_TEMPLATES_MAX,
  type Message,
  type SendTemplateRequest,
} from '@atende/contract';
import { and, asc, eq, getTableColumns, lt } from 'drizzle-orm';
import { openAccount } from '../../channels/accounts.ts';
import { listWhatsappTemplates } from '../../channels/whatsapp/templates.ts';
import { channelAccounts, whatsappTemplates } from '../../db/schema/index.ts';
import { authorize, type TenantContext } from '../../platform/auth.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { maySeeContact } from '../contacts/queries.ts';
import { sendMessage, type SendDeps } from '../messages/send.ts';

export type TemplateRow = typeof whatsappTemplates.$inferSelect;
export type WhatsappTemplateDeps = SendDeps & { credentials: CredentialsBox };
export type WhatsappTemplateService = ReturnType<typeof whatsappTemplateService>;

export function whatsappTemplateService(deps: WhatsappTemplateDeps) {
  /** The company's WhatsApp account, for those who manage channels; another company's answers 404. */
  async function managedAccount(ctx: TenantContext, id: string) {
    const [row] = await ctx.db
      .select()
      .from(channelAccounts)
      .where(
        and(
          eq(channelAccounts.id, id),
          eq(channelAccounts.companyId, ctx.companyId),
          eq(channelAccounts.kind, 'whatsapp'),
        ),
      )
      .limit(1);
    if (!row) throw notFound();
    authorize(ctx, 'channels.manage');
    return row;
  }

  const ofAccount = (ctx: TenantContext, accountId: string) =>
    ctx.db
      .select()
      .from(whatsappTemplates)
      .where(
        and(
          eq(whatsappTemplates.companyId, ctx.companyId),
          eq(whatsappTemplates.channelAccountId, accountId),
        ),
      )
      .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.language));

  return {
    list: async (ctx: TenantContext, input: { id: string }): Promise<TemplateRow[]> =>
      ofAccount(ctx, (await managedAccount(ctx, input.id)).id),

    /** Replaces the account's templates with what Meta lists now. */
    async sync(ctx: TenantContext, input: { id: string }): Promise<TemplateRow[]> {
      const row = await managedAccount(ctx, input.id);
      let listed;
      try {
        listed = await listWhatsappTemplates(openAccount(deps.credentials, row));
      } catch (error) {
        // Meta's refusal (or its silence) in its own words, for the administrator to act on.
        throw new AppError('template_sync_failed', 400, {
          reason: error instanceof Error ? error.message : String(error),
        });
      }
      const syncedAt = new Date();
      // Kept by name and language (ids stay what the composer holds); what Meta no longer lists goes.
      await ctx.db.transaction(async (tx) => {
        for (const template of listed) {
          const values = {
            providerId: template.id,
            category: template.category,
            status: template.status,
            body: template.body,
            components: template.components,
            syncedAt,
          };
          await tx
            .insert(whatsappTemplates)
            .values({
              ...values,
              companyId: ctx.companyId,
              channelAccountId: row.id,
              name: template.name,
              language: template.language,
            })
            .onConflictDoUpdate({
              target: [
                whatsappTemplates.channelAccountId,
                whatsappTemplates.name,
                whatsappTemplates.language,
              ],
              set: values,
            });
        }
        await tx
          .delete(whatsappTemplates)
          .where(
            and(
              eq(whatsappTemplates.companyId, ctx.companyId),
              eq(whatsappTemplates.channelAccountId, row.id),
              lt(whatsappTemplates.syncedAt, syncedAt),
            ),
          );
      });
      return ofAccount(ctx, row.id);
    },

    /** The approved templates of the company's enabled WhatsApp accounts (the composer's choice). */
    approved: (ctx: TenantContext): Promise<TemplateRow[]> =>
      ctx.db
        .select(getTableColumns(whatsappTemplates))
        .from(whatsappTemplates)
        .innerJoin(channelAccounts, eq(channelAccounts.id, whatsappTemplates.channelAccountId))
        .where(
          and(
            eq(whatsappTemplates.companyId, ctx.companyId),
            eq(whatsappTemplates.status, 'APPROVED'),
            eq(channelAccounts.enabled, true),
          ),
        )
        .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.language))
        .limit(WHATSAPP_TEMPLATES_MAX),

    async send(ctx: TenantContext, input: SendTemplateRequest & { id: string }): Promise<Message> {
      if (!(await maySeeContact(ctx, input.id))) throw notFound();
      const [template] = await ctx.db
        .select()
        .from(whatsappTemplates)
        .where(
          and(
            eq(whatsappTemplates.id, input.template_id),
            eq(whatsappTemplates.companyId, ctx.companyId),
            eq(whatsappTemplates.status, 'APPROVED'),
          ),
        )
        .limit(1);
      if (!template) throw new AppError('template_not_found', 400);
      if (templateVariables(template.body).length !== input.variables.length) {
        throw new AppError('template_variables_mismatch', 400);
      }
      return sendMessage(ctx, deps, input.id, {
        text: fillTemplate(template.body, input.variables),
        channel_id: input.channel_id,
        client_id: input.client_id,
        template: { name: template.name, language: template.language, variables: input.variables },
      });
    },
  };
}
