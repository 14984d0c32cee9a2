// Message search: a fragment of the text, ignoring case and accents ("acao" finds "ação"), or a Portuguese word
// form ("pagamento" finds "pagamentos"), inside one conversation. Both tests read stored columns, indexed for
// the company-wide search (company-search.ts): `search_text` (the text lowercased and unaccented, trigrams;
// migration 0016) and `search_vector` (0015).
import { MESSAGE_SEARCH_LIMIT, type MessageSearchResult } from '@atende/contract';
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { jsonRows } from '../../platform/db/json-rows.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { param, preparedSql } from '../../platform/db/prepared.ts';
import { notFound } from '../../platform/errors.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { forVisibleContact, scopeValues, visibility } from '../contacts/queries.ts';
import { messagesJson, presentJsonMessages, type MessageJsonRow } from './presenter.ts';

const likePattern = (term: string) => `%${escapeLike(term)}%`;

/** A like pattern (or placeholder) folded as `search_text` is (0016): lowercased, unaccented. */
const foldedPattern = (pattern: unknown): SQL => sql`lower(atende_unaccent(${pattern}))`;
/** A term (or placeholder) as the Portuguese query `search_vector` (0015) answers. */
const portugueseQuery = (term: unknown): SQL => sql`plainto_tsquery('portuguese', atende_unaccent(${term}))`;

/** The text is `like` the folded pattern or answers the query: the stored columns' indexes serve both. */
const textMatches = (pattern: SQL, query: SQL): SQL =>
  or(sql`${messages}."search_text" like ${pattern}`, sql`${messages}."search_vector" @@ ${query}`)!;

/** Messages whose text matches `term`. */
export const matchesTerm = (term: string): SQL =>
  textMatches(foldedPattern(likePattern(term)), portugueseQuery(term));

/**
 * The contact's newest matches with their files and reactions, if the user may see it: one statement, parsed
 * and planned once. The conversation is read newest first through its own index, each message tested until
 * the page is full, so the cost follows the conversation's length (a 5 000-message conversation: 2 ms for a
 * common term, 3.6 ms for an absent one), never the term's frequency in the company. Planned for each term
 * instead, PostgreSQL intersected the company-wide text indexes with the conversation (41 ms for a common term
 * in that conversation), and parsing and planning a short conversation's search cost four times running it.
 * So the conversation is the only condition an index can serve: the tenant and the text are tested on each of
 * its messages, inside `coalesce` (no index matches it; the company's newest-first index was chosen too, which
 * reads the whole company), the pattern and the query computed once (subselects), not for every message.
 */
const searchStatement = (ctx: TenantContext) =>
  preparedSql<{ messages: MessageJsonRow[] }>(ctx.db, `conversation_search:${visibility(ctx)}`, () => {
    const matching = textMatches(
      sql`(select ${foldedPattern(param('pattern'))})`,
      sql`(select ${portugueseQuery(param('term'))})`,
    );
    const matches = messagesJson(ctx.db)
      .where(
        and(
          eq(messages.contactId, param('contactId')),
          sql`coalesce(${messages.companyId} = ${param('companyId')} and ${matching}, false)`,
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(MESSAGE_SEARCH_LIMIT + 1);
    return forVisibleContact(ctx, { messages: jsonRows(matches) });
  });

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
