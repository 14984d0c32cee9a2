// The customer's satisfaction rating of a resolved conversation (CSAT, issue 28), beside its status: asked and
// waiting, or the 1–5 they gave with their comment in the tooltip. Asked again while no answer has arrived.
import type { Contact } from '@atende/contract';
import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { useConversationCsat } from './use-conversation-csat.ts';

export function CsatBadge({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const { data } = useConversationCsat(contact);
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
