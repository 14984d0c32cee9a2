// The customer's satisfaction rating of a resolved conversation (CSAT, issue 28), beside its status: asked and
// waiting, or the 1–5 they gave with their comment in the tooltip. Asked again while no answer has arrived.
import type { ConversationCsat, Contact } from '@atende/contract';
import { Badge, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** How often an unanswered request is read again. */
const POLL_MS = 5_000;

export function CsatBadge({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ['conversation', contact.id, 'csat'],
    queryFn: () => http.get<ConversationCsat>(`/conversations/${encodeURIComponent(contact.id)}/csat`),
    refetchInterval: (query) =>
      contact.status === 'resolved' && query.state.data?.csat?.rating == null ? POLL_MS : false,
  });
  const csat = data?.csat;
  if (!csat) return null;
  if (csat.rating === null) {
    return (
      <Badge size="sm" variant="outline" color="gray" data-testid="csat-rating">
        {t('csat.asked')}
      </Badge>
    );
  }
  return (
    <Tooltip label={csat.comment ?? ''} disabled={!csat.comment} multiline maw={320}>
      <Badge size="sm" variant="light" color="yellow" data-testid="csat-rating">
        {t('csat.rating', { rating: csat.rating })}
        {csat.comment ? ` · “${csat.comment}”` : ''}
      </Badge>
    </Tooltip>
  );
}
