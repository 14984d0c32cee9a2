// Moderating a suggestion: its status (in_vote, approved, disapproved, pending, implemented) and the answer its
// voters read (empty: no answer). The server's refusal shows in the form.
import {
  SUGGESTION_ANSWER_MAX,
  SUGGESTION_STATUSES,
  type Suggestion,
  type SuggestionStatus,
} from '@atende/contract';
import { Select, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { moderateSuggestion, SUGGESTIONS_KEY } from '../../suggestions/suggestion-api.ts';

function ModerateForm({ suggestion, onClose }: { suggestion: Suggestion; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [status, setStatus] = useState<SuggestionStatus>(suggestion.status);
  const [answer, setAnswer] = useState(suggestion.answer ?? '');
  const save = useMutation({
    mutationFn: () =>
      moderateSuggestion(suggestion.id, { status, answer: answer.trim() === '' ? null : answer.trim() }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: SUGGESTIONS_KEY });
      notifySuccess(t('centerSuggestions.saved'));
      onClose();
    },
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <ModalForm
      onSubmit={handleSubmit}
      error={save.isError ? errorText(save.error) : null}
      submitLabel={t('centerSuggestions.save')}
      busy={save.isPending}
      onCancel={onClose}
      submitTestId="moderate-save"
      testId="moderate-form"
    >
      <Text size="sm" fw={600}>
        {suggestion.title}
      </Text>
      <Select
        label={t('centerSuggestions.status')}
        data={SUGGESTION_STATUSES.map((value) => ({ value, label: t(`suggestions.status.${value}`) }))}
        value={status}
        onChange={(value) => value && setStatus(value as SuggestionStatus)}
        allowDeselect={false}
        data-testid="moderate-status"
      />
      <Textarea
        label={t('centerSuggestions.answer')}
        description={t('centerSuggestions.answerHint')}
        value={answer}
        onChange={(event) => setAnswer(event.currentTarget.value)}
        maxLength={SUGGESTION_ANSWER_MAX}
        autosize
        minRows={3}
        maxRows={10}
        data-autofocus
        data-testid="moderate-answer"
      />
    </ModalForm>
  );
}

export function ModerateSuggestionModal({
  suggestion,
  onClose,
}: {
  suggestion: Suggestion | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal opened={suggestion !== null} onClose={onClose} title={t('centerSuggestions.moderateTitle')}>
      {suggestion && <ModerateForm key={suggestion.id} suggestion={suggestion} onClose={onClose} />}
    </FormModal>
  );
}
