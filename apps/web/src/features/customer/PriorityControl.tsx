// The contact's priority (low, medium, high), changed in one click.
import { PRIORITIES, type Contact, type Priority } from '@atende/contract';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { errorText } from '../../lib/error-text.ts';
import { useContactChange } from '../../lib/use-contact-change.ts';
import { updateContact } from './customer-api.ts';

export function PriorityControl({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const change = useContactChange(
    (priority: Priority) => updateContact(contact.id, { priority }),
    () => setProblem(null),
    (error) => setProblem(errorText(error)),
  );
  return (
    <Stack gap={4}>
      <SegmentedControl
        size="xs"
        aria-label={t('customer.fields.priority')}
        data={PRIORITIES.map((value) => ({ value, label: t(`contacts.priority.${value}`) }))}
        value={change.isPending && change.variables ? change.variables : contact.priority}
        onChange={(value) => change.mutate(value as Priority)}
        disabled={change.isPending}
        data-testid="priority-control"
      />
      {problem && (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
