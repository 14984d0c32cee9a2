// Create or edit a ready phrase: its text, with the placeholders filled on insertion listed as a hint.
import type { Phrase } from '@atende/contract';
import { Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useState, type FormEvent } from 'react';
import { FormModal, ModalForm } from '../../components/FormModal.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { errorText } from '../../lib/error-text.ts';
import { createPhrase, PHRASES_KEY, updatePhrase } from './phrase-api.ts';
import { PLACEHOLDERS, placeholderToken } from './placeholders.ts';

export const PHRASE_TEXT_MAX = 2000;

/** The phrase text's problem (a translation key), or null. */
export const phraseTextError = (text: string): ParseKeys | null =>
  text.trim() === ''
    ? 'phrases.errors.textRequired'
    : text.trim().length > PHRASE_TEXT_MAX
      ? 'phrases.errors.tooLong'
      : null;

function PhraseForm({ phrase, onClose }: { phrase: Phrase | null; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [text, setText] = useState(phrase?.text ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (value: string) =>
      phrase ? updatePhrase(phrase.id, { text: value }) : createPhrase({ text: value }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: PHRASES_KEY });
      notifySuccess(t(phrase ? 'phrases.updated' : 'phrases.created'));
      onClose();
    },
    onError: (error) => setProblem(errorText(error)),
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const error = phraseTextError(text);
    if (error) {
      setProblem(t(error));
      return;
    }
    save.mutate(text.trim());
  }

  return (
    <ModalForm
      onSubmit={handleSubmit}
      submitLabel={t('customer.save')}
      busy={save.isPending}
      onCancel={onClose}
      submitTestId="phrase-save"
    >
      <Textarea
        label={t('phrases.text')}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setProblem(null);
        }}
        error={problem}
        autosize
        minRows={3}
        maxRows={10}
        required
        data-autofocus
        data-testid="phrase-text"
      />
      <Text size="xs" c="dimmed">
        {t('phrases.placeholdersHint', { tokens: PLACEHOLDERS.map(placeholderToken).join(', ') })}
      </Text>
    </ModalForm>
  );
}

export function PhraseModal({
  phrase,
  opened,
  onClose,
}: {
  /** The phrase to edit; null creates one. */
  phrase: Phrase | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t(phrase ? 'phrases.editTitle' : 'phrases.createTitle')}
    >
      {opened && <PhraseForm phrase={phrase} onClose={onClose} />}
    </FormModal>
  );
}
