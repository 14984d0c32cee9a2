// The body of a dialog that shows one fetched resource: a loader while it comes, the server's error when it
// fails, else what `children` draws from the data.
import { Alert, Center, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { errorText } from '../lib/error-text.ts';

export interface QueryBodyProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

export function QueryBody<T>({ query, children }: QueryBodyProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(query.error)}
      </Alert>
    );
  }
  return children(query.data);
}
