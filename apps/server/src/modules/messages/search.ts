// Message search: a fragment of the text, ignoring case and accents ("acao" finds "ação"), or a Portuguese word
// form ("pagamento" finds "pagamentos"), inside one conversation. Both tests read stored, indexed columns:
// `search_text` (the text lowercased and unaccented, trigrams; migration 0016) and `search_vector` (0015).
import { MESSAGE_SEARCH_LIMIT, type MessageSearchResult } from '@atende/contract';
import { desc, or, sql, type SQL } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { escapeLike } from '../../platform/db/like.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { conversationMessages, presentMessages } from './presenter.ts';
import { assertVisibleContact } from './timeline.ts';

/** Messages whose text matches `term`, folded as the stored columns are (0015, 0016) so their indexes serve it. */
export function matchesTerm(term: string): SQL {
  return or(
    sql`${messages}."search_text" like lower(atende_unaccent(${`%${escapeLike(term)}%`}))`,
    sql`${messages}."search_vector" @@ plainto_tsquery('portuguese', atende_unaccent(${term}))`,
  )!;
}

export async function searchConversation(
  ctx: TenantContext,
  urls: UrlSigner,
  contactId: string,
  term: string,
): Promise<MessageSearchResult> {
  await assertVisibleContact(ctx, contactId);
  const rows = await conversationMessages(ctx, contactId, matchesTerm(term))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGE_SEARCH_LIMIT + 1);
  return {
    data: await presentMessages(ctx.db, urls, ctx.companyId, rows.slice(0, MESSAGE_SEARCH_LIMIT)),
    has_more: rows.length > MESSAGE_SEARCH_LIMIT,
  };
}
