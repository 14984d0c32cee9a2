// How a campaign's status and abandon rate are shown wherever the Center lists or follows a campaign: in words
// (the colour only repeats them), the rate as a percentage flagged past the limit the campaign should stay under.
import { ABANDON_RATE_LIMIT, type CampaignStatus, type Language } from '@atende/contract';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { toLanguageTag } from '../../../lib/language.ts';

const STATUS_COLOR: Record<CampaignStatus, string> = {
  draft: 'gray',
  running: 'green',
  paused: 'yellow',
  finished: 'blue',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-testid="campaign-status" data-status={status}>
      {t(`campaigns.status.${status}`)}
    </Badge>
  );
}

export const abandonTooHigh = (rate: number): boolean => rate > ABANDON_RATE_LIMIT;

export const formatRate = (rate: number, language: Language): string =>
  new Intl.NumberFormat(toLanguageTag(language), { style: 'percent', maximumFractionDigits: 1 }).format(rate);

export function AbandonRate({ rate }: { rate: number }) {
  const { language } = useTranslation();
  const high = abandonTooHigh(rate);
  return (
    <Text span c={high ? 'red' : undefined} fw={high ? 700 : undefined} data-testid="campaign-abandon-rate">
      {formatRate(rate, language)}
    </Text>
  );
}
