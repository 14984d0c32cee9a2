// The customer's call history (spec §3: a channel's call history), in the customer's area: their calls,
// filtered by period, operator, direction, outcome and call reason, a page at a time and live; a call opens
// the conversation.
import { Stack, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n.ts';
import { filteringCalls } from './call-filters.ts';
import { customerCallsQuery } from './call-history-api.ts';
import { CallFilterBar } from './CallFilterBar.tsx';
import { CallList } from './CallList.tsx';
import { useCallFilters, useLiveCalls } from './use-call-history.ts';

export function CustomerCallHistory({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  const { filters, applied, change, params } = useCallFilters();
  const query = useInfiniteQuery(customerCallsQuery(contactId, params));
  useLiveCalls();
  return (
    <Stack gap="sm" data-testid="customer-calls">
      <Title order={3} size="h6">
        {t('calls.customerTitle')}
      </Title>
      <CallFilterBar filters={filters} onChange={change} withNumber={false} />
      <CallList query={query} filtering={filteringCalls(applied)} showCustomer={false} />
    </Stack>
  );
}
