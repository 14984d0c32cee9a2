// What a list backed by a query shows while it loads, when it failed (the server's message) and when it is
// empty; otherwise the list itself.
import { Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorText } from '../lib/error-text.ts';
import { useTranslation } from '../lib/i18n.ts';

export interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}

export function QueryState<T>({ query, isEmpty, empty, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <Loader size="sm" role="status" aria-label={t('common.loading')} />;
  if (query.isError) {
    return (
      <Text size="sm" c="red">
        {errorText(query.error)}
      </Text>
    );
  }
  if (isEmpty(query.data)) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return <>{children(query.data)}</>;
}
