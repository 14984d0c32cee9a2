// Message search across every conversation the attendant may see: the pages of `GET /messages/search`, each
// continuing before the last match shown, and the piece of a long text worth showing around the match.
import type { CompanyMessageSearchResult, MessageSearchHit } from '@atende/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { matchRanges } from '../../components/HighlightedText.tsx';

type Cursor = Pick<MessageSearchHit, 'created_at' | 'id'> | null;

export const companyMessageSearchQuery = (term: string) =>
  infiniteQueryOptions({
    queryKey: ['messages', 'search', term],
    queryFn: ({ pageParam, signal }) =>
      http.get<CompanyMessageSearchResult>('/messages/search', {
        query: { term, before_created_at: pageParam?.created_at, before_id: pageParam?.id },
        signal,
      }),
    initialPageParam: null as Cursor,
    getNextPageParam: (page): Cursor | undefined => {
      const last = page.data.at(-1);
      return page.has_more && last ? { created_at: last.created_at, id: last.id } : undefined;
    },
    staleTime: 30_000,
  });

/** `text` cut to about `radius` characters either side of the first match, so a long e-mail shows its match. */
export function excerptAround(text: string, term: string, radius = 60): string {
  const [first] = matchRanges(text, term);
  if (!first || text.length <= radius * 2) return text;
  const start = Math.max(0, first[0] - radius);
  const end = Math.min(text.length, first[1] + radius);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
