// Creating or editing an entry of a catalogue: its name and, for pause reasons and event actions, their rules;
// for a company phrase, its title and text.
// Problems show on their field (found here, or refused by the server, a name already taken included).
import { AMOUNT_RULES, PAUSE_MAX_MINUTES, type Catalogue, type CatalogueEntry } from '@atende/contract';
import { NumberInput, SegmentedControl, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
import { HttpError } from '../../../lib/http.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import type { Problems } from '../channels/field-rules.ts';
import { serverProblemsOf, type ServerProblems } from '../channels/use-account-form.ts';
import { PLACEHOLDERS, placeholderToken } from '../../phrases/placeholders.ts';
import { catalogueKey, createEntry, updateEntry } from './catalogues-api.ts';
import { checkEntry, entryForm, entryInput, type EntryField, type EntryForm } from './entry-form.ts';

/** What the modal edits: a new entry of the catalogue (entry null), or an existing one. */
export type EntryEditing = { entry: CatalogueEntry | null };

const NO_PROBLEMS: ServerProblems = { fields: {}, general: null };

/** A taken name is the name field's problem; the rest as the channel forms read them. */
const refusalOf = (error: unknown, form: EntryForm): ServerProblems =>
  error instanceof HttpError && error.code === 'catalogue_name_taken'
    ? { fields: { name: error.serverMessage ?? undefined }, general: null }
    : serverProblemsOf(error, form);

function EntryFormBody({
  catalogue,
  entry,
  onClose,
}: {
  catalogue: Catalogue;
  entry: CatalogueEntry | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => entryForm(entry));
  const [problems, setProblems] = useState<Problems<EntryField>>({});
  const [server, setServer] = useState<ServerProblems>(NO_PROBLEMS);
  const save = useMutation({
    mutationFn: () => {
      const input = entryInput(catalogue, form);
      return entry ? updateEntry(catalogue, entry.id, input) : createEntry(catalogue, input);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: catalogueKey(catalogue) });
      notifySuccess(t('centerCatalogues.saved'));
      onClose();
    },
    onError: (error) => setServer(refusalOf(error, form)),
  });

  const set = <K extends EntryField>(field: K, value: EntryForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
    setServer((current) => ({ ...current, fields: { ...current.fields, [field]: undefined } }));
  };
  const errorOf = (field: EntryField) => {
    const problem = problems[field];
    return problem ? t(problem.key, problem.values) : server.fields[field];
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = checkEntry(catalogue, form);
    setProblems(found);
    setServer(NO_PROBLEMS);
    if (Object.keys(found).length === 0) save.mutate();
  }

  return (
    <ModalForm
      onSubmit={handleSubmit}
      error={server.general}
      submitLabel={t('centerCatalogues.save')}
      busy={save.isPending}
      onCancel={onClose}
      submitTestId="catalogue-save"
      testId="catalogue-form"
    >
      <TextInput
        label={t(catalogue === 'phrases' ? 'centerCatalogues.fields.title' : 'centerCatalogues.fields.name')}
        value={form.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={errorOf('name')}
        data-autofocus
        data-testid="catalogue-name"
      />
      {catalogue === 'phrases' && (
        <Textarea
          label={t('centerCatalogues.fields.text')}
          description={t('phrases.placeholdersHint', {
            tokens: PLACEHOLDERS.map(placeholderToken).join(', '),
          })}
          value={form.text}
          onChange={(event) => set('text', event.currentTarget.value)}
          error={errorOf('text')}
          autosize
          minRows={3}
          maxRows={10}
          data-testid="catalogue-text"
        />
      )}
      {catalogue === 'pause_reasons' && (
        <NumberInput
          label={t('centerCatalogues.fields.maxMinutes')}
          description={t('centerCatalogues.fields.maxMinutesHint', { max: PAUSE_MAX_MINUTES })}
          value={form.max_minutes}
          onChange={(value) => set('max_minutes', typeof value === 'number' ? value : '')}
          min={1}
          max={PAUSE_MAX_MINUTES}
          allowDecimal={false}
          error={errorOf('max_minutes')}
          data-testid="catalogue-max-minutes"
        />
      )}
      {catalogue === 'event_actions' && (
        <>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="catalogue-amount-label">
              {t('centerCatalogues.fields.amount')}
            </Text>
            <SegmentedControl
              aria-labelledby="catalogue-amount-label"
              value={form.amount}
              onChange={(value) => set('amount', value as EntryForm['amount'])}
              data={AMOUNT_RULES.map((rule) => ({
                value: rule,
                label: t(`centerCatalogues.amount.${rule}`),
              }))}
              data-testid="catalogue-amount"
            />
            {errorOf('amount') && (
              <Text size="xs" c="red">
                {errorOf('amount')}
              </Text>
            )}
          </Stack>
          <Switch
            label={t('centerCatalogues.fields.annotationRequired')}
            checked={form.annotation_required}
            onChange={(event) => set('annotation_required', event.currentTarget.checked)}
            data-testid="catalogue-annotation-required"
          />
        </>
      )}
    </ModalForm>
  );
}

export function EntryModal({
  catalogue,
  editing,
  onClose,
}: {
  catalogue: Catalogue;
  editing: EntryEditing | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = editing?.entry
    ? t('centerCatalogues.editTitle', { name: editing.entry.name })
    : t(`centerCatalogues.newTitle.${catalogue}`);
  return (
    <FormModal opened={editing !== null} onClose={onClose} title={title}>
      {editing && (
        <EntryFormBody
          key={editing.entry?.id ?? 'new'}
          catalogue={catalogue}
          entry={editing.entry}
          onClose={onClose}
        />
      )}
    </FormModal>
  );
}
