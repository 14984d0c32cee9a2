// Message search: a fragment of the text, ignoring case and accents ("acao" finds "ação"), or a Portuguese word
// form ("pagamento" finds "pagamentos"), inside one conversation. Both tests read stored, indexed columns:
// `search_text` (the text lowercased and unaccented, trigrams; migration 0016) and `search_vector` (0015).
import { MESSAGE_SEARCH_LIMIT, type MessageSearchResult } from '@atende/contract';
import { desc, or, sql, type SQL } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { jsonRows } from '../../platform/db/json-rows.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { param, preparedSql } from '../../platform/db/prepared.ts';
import { notFound } from '../../platform/errors.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { forVisibleContact, scopeValues, visibility } from '../contacts/queries.ts';
import { conversationMessagesJson, presentJsonMessages, type MessageJsonRow } from './presenter.ts';

const likePattern = (term: string) => `%${escapeLike(term)}%`;

/** The text matches `term` (a value or placeholder; `pattern` its likePattern), folded as the stored columns
 * are (0015, 0016) so their indexes serve it. */
const matching = (term: unknown, pattern: unknown): SQL =>
  or(
    sql`${messages}."search_text" like lower(atende_unaccent(${pattern}))`,
    sql`${messages}."search_vector" @@ plainto_tsquery('portuguese', atende_unaccent(${term}))`,
  )!;

/** Messages whose text matches `term`. */
export const matchesTerm = (term: string): SQL => matching(term, likePattern(term));

/**
 * The contact's newest matches with their files and reactions, if the user may see it: one statement, planned
 * for each term (a generic plan read a whole conversation for a rare term: 108 ms instead of 1).
 */
const searchStatement = (ctx: TenantContext) =>
  preparedSql<{ messages: MessageJsonRow[] }>(
    ctx.db,
    `conversation_search:${visibility(ctx)}`,
    () => {
      const matches = conversationMessagesJson(
        { db: ctx.db, companyId: param('companyId') },
        param('contactId'),
        matching(param('term'), param('pattern')),
      )
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(MESSAGE_SEARCH_LIMIT + 1);
      return forVisibleContact(ctx.role, { messages: jsonRows(matches) });
    },
    { planEach: true },
  );

export async function searchConversation(
  ctx: TenantContext,
  urls: UrlSigner,
  contactId: string,
  term: string,
): Promise<MessageSearchResult> {
  const [row] = await searchStatement(ctx).execute({
    ...scopeValues(ctx),
    contactId,
    term,
    pattern: likePattern(term),
  });
  if (!row) throw notFound();
  return {
    data: presentJsonMessages(urls, row.messages.slice(0, MESSAGE_SEARCH_LIMIT)),
    has_more: row.messages.length > MESSAGE_SEARCH_LIMIT,
  };
}
