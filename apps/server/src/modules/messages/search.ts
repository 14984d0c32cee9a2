// Search inside one conversation: a fragment of the text, ignoring case and accents ("acao" finds "ação"), or a
// Portuguese word form ("pagamento" finds "pagamentos").
import { MESSAGE_SEARCH_LIMIT, type MessageSearchResult } from '@atende/contract';
import { desc, or, sql } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { escapeLike } from '../../platform/db/like.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { conversationMessages, presentMessages } from './presenter.ts';
import { assertVisibleContact } from './timeline.ts';

export async function searchConversation(
  ctx: TenantContext,
  urls: UrlSigner,
  contactId: string,
  term: string,
): Promise<MessageSearchResult> {
  await assertVisibleContact(ctx, contactId);
  const fragment = `%${escapeLike(term)}%`;
  const rows = await conversationMessages(
    ctx,
    contactId,
    or(
      sql`unaccent(${messages.text}) ilike unaccent(${fragment})`,
      sql`to_tsvector('portuguese', ${messages.text}) @@ plainto_tsquery('portuguese', ${term})`,
    ),
  )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGE_SEARCH_LIMIT + 1);
  return {
    data: await presentMessages(ctx.db, urls, ctx.companyId, rows.slice(0, MESSAGE_SEARCH_LIMIT)),
    has_more: rows.length > MESSAGE_SEARCH_LIMIT,
  };
}
