// Changing the contact's joker (spec §2 "change joker", §5 "Joker update needs a selected joker"): the
// company's jokers, the current one preselected; saving without a choice says a joker must be selected.
import type { Contact } from '@atende/contract';
import { Loader, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormModal, ModalForm } from '../../components/FormModal.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { errorText } from '../../lib/error-text.ts';
import { useContactChange } from '../../lib/use-contact-change.ts';
import { fetchJokers, setJoker } from './customer-api.ts';

function JokerForm({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  const { t } = useTranslation();
  const choices = useQuery({
    queryKey: ['jokers', contact.id],
    queryFn: ({ signal }) => fetchJokers(contact.id, signal),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useContactChange(
    (jokerId: string) => setJoker(contact.id, jokerId),
    () => {
      notifySuccess(t('customer.joker.saved'));
      onClose();
    },
    (error) => setProblem(errorText(error)),
  );
  const value = chosen ?? choices.data?.current?.id ?? null;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!value) {
      setProblem(t('customer.joker.required'));
      return;
    }
    save.mutate(value);
  }

  if (choices.isPending) return <Loader size="sm" role="status" aria-label={t('common.loading')} />;
  return (
    <ModalForm
      onSubmit={handleSubmit}
      submitLabel={t('customer.save')}
      busy={save.isPending}
      onCancel={onClose}
      submitTestId="joker-save"
    >
      <Select
        label={t('customer.joker.label')}
        placeholder={t('customer.joker.placeholder')}
        data={(choices.data?.data ?? []).map((joker) => ({ value: joker.id, label: joker.name }))}
        value={value}
        onChange={(next) => {
          setChosen(next);
          setProblem(null);
        }}
        nothingFoundMessage={t('customer.joker.none')}
        error={problem}
        searchable
        comboboxProps={{ withinPortal: true }}
        data-testid="joker-select"
      />
      {choices.isError && (
        <Text size="sm" c="red">
          {errorText(choices.error)}
        </Text>
      )}
    </ModalForm>
  );
}

export function JokerModal({
  contact,
  opened,
  onClose,
}: {
  contact: Contact;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('customer.joker.title')}>
      {opened && <JokerForm contact={contact} onClose={onClose} />}
    </FormModal>
  );
}
