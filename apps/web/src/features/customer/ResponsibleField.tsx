// The contact's responsible (consultant): changeable only with the change_responsible permission (spec §6);
// choosing none gives the contact back to the queue. Without the permission it is only shown.
import type { Contact } from '@atende/contract';
import { Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { errorText } from '../../lib/error-text.ts';
import { useContactChange } from '../../lib/use-contact-change.ts';
import { responsiblesQuery } from '../../lib/catalogues.ts';
import { useAbility } from '../../lib/abilities.ts';
import { updateContact } from './customer-api.ts';

export function ResponsibleField({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const mayChange = useAbility('contacts.change_responsible');
  const responsibles = useQuery({ ...responsiblesQuery, enabled: mayChange }).data?.data ?? [];
  const [problem, setProblem] = useState<string | null>(null);
  const change = useContactChange(
    (responsibleId: string | null) => updateContact(contact.id, { responsible_id: responsibleId }),
    () => notifySuccess(t('customer.responsibleChanged')),
    (error) => setProblem(errorText(error)),
  );

  if (!mayChange) {
    return <Text size="sm">{contact.responsible?.name ?? t('customer.responsibleNone')}</Text>;
  }
  const options = [
    { value: '', label: t('customer.responsibleNone') },
    ...responsibles.map((user) => ({ value: user.id, label: user.name })),
  ];
  // The current responsible stays choosable even when the list does not carry them (an inactive user).
  if (contact.responsible && !responsibles.some((user) => user.id === contact.responsible?.id)) {
    options.push({ value: contact.responsible.id, label: contact.responsible.name });
  }
  return (
    <Select
      size="xs"
      aria-label={t('customer.fields.responsible')}
      data={options}
      value={contact.responsible?.id ?? ''}
      onChange={(value) => {
        setProblem(null);
        const next = value ? value : null;
        if (next !== (contact.responsible?.id ?? null)) change.mutate(next);
      }}
      allowDeselect={false}
      searchable
      disabled={change.isPending}
      error={problem}
      maw={320}
      comboboxProps={{ withinPortal: true }}
      data-testid="responsible-select"
    />
  );
}
