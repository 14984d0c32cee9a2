// A page of a call history's results: the table, "no calls" (or none for these filters), and more on demand.
import type { CallRecordPage } from '@atende/contract';
import { Button, Center, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { QueryBody } from '../../components/QueryBody.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { CallTable } from './CallTable.tsx';

interface CallListProps {
  query: UseInfiniteQueryResult<InfiniteData<CallRecordPage, unknown>>;
  filtering: boolean;
  showCustomer: boolean;
}

export function CallList({ query, filtering, showCustomer }: CallListProps) {
  const { t } = useTranslation();
  return (
    <QueryBody query={query}>
      {(data) => {
        const calls = data.pages.flatMap((page) => page.data);
        if (calls.length === 0) {
          return (
            <Text c="dimmed" data-testid="calls-empty">
              {t(filtering ? 'calls.noneFiltered' : 'calls.none')}
            </Text>
          );
        }
        return (
          <>
            <CallTable calls={calls} showCustomer={showCustomer} />
            {query.hasNextPage && (
              <Center mt="sm">
                <Button
                  variant="subtle"
                  loading={query.isFetchingNextPage}
                  onClick={() => void query.fetchNextPage()}
                  data-testid="calls-more"
                >
                  {t('calls.more')}
                </Button>
              </Center>
            )}
          </>
        );
      }}
    </QueryBody>
  );
}
