// Label-and-value rows of a contact's data, with one text for an empty value.
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';

export interface FieldRow {
  key: string;
  label: string;
  value: ReactNode;
}

export function FieldList({ rows }: { rows: readonly FieldRow[] }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      {rows.map((row) => (
        <Stack key={row.key} gap={2} data-testid={`field-${row.key}`}>
          <Text size="xs" c="dimmed">
            {row.label}
          </Text>
          {row.value === null || row.value === undefined || row.value === '' ? (
            <Text size="sm" c="dimmed">
              {t('customer.none')}
            </Text>
          ) : typeof row.value === 'string' ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {row.value}
            </Text>
          ) : (
            row.value
          )}
        </Stack>
      ))}
    </SimpleGrid>
  );
}
