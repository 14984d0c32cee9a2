// Sending a suggestion: title, text and whether to send it anonymously. The contract's own schema checks the
// fields before any call, so mistakes show on their field; the server's refusal shows in the form.
import { SUGGESTION_BODY_MAX, SUGGESTION_TITLE_MAX, SuggestionRequest } from '@atende/contract';
import { Checkbox, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormModal, ModalForm } from '../../components/FormModal.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { createSuggestion, SUGGESTIONS_KEY } from './suggestion-api.ts';

type Field = 'title' | 'body';

function NewSuggestionForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [values, setValues] = useState({ title: '', body: '', anonymous: false });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const send = useMutation({
    mutationFn: createSuggestion,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: SUGGESTIONS_KEY });
      notifySuccess(t('suggestions.sent'));
      onClose();
    },
  });

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = SuggestionRequest.safeParse(values);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??=
          issue.code === 'too_big'
            ? t('suggestions.form.tooLong', {
                max: field === 'title' ? SUGGESTION_TITLE_MAX : SUGGESTION_BODY_MAX,
              })
            : t(`suggestions.form.${field}Required`);
      }
      setProblems(found);
      return;
    }
    send.mutate(checked.data);
  }

  return (
    <ModalForm
      onSubmit={handleSubmit}
      error={send.isError ? errorText(send.error) : null}
      submitLabel={t('suggestions.form.submit')}
      busy={send.isPending}
      onCancel={onClose}
      submitTestId="suggestion-submit"
      testId="suggestion-form"
    >
      <TextInput
        label={t('suggestions.form.title')}
        value={values.title}
        onChange={(event) => set('title', event.currentTarget.value)}
        error={problems.title}
        maxLength={SUGGESTION_TITLE_MAX}
        withAsterisk
        data-autofocus
        data-testid="suggestion-title"
      />
      <Textarea
        label={t('suggestions.form.body')}
        value={values.body}
        onChange={(event) => set('body', event.currentTarget.value)}
        error={problems.body}
        maxLength={SUGGESTION_BODY_MAX}
        withAsterisk
        autosize
        minRows={4}
        maxRows={12}
        data-testid="suggestion-body"
      />
      <Checkbox
        label={t('suggestions.form.anonymous')}
        description={t('suggestions.form.anonymousHint')}
        checked={values.anonymous}
        onChange={(event) => {
          const { checked } = event.currentTarget;
          setValues((current) => ({ ...current, anonymous: checked }));
        }}
        data-testid="suggestion-anonymous"
      />
    </ModalForm>
  );
}

export function NewSuggestionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('suggestions.form.heading')}>
      {opened && <NewSuggestionForm onClose={onClose} />}
    </FormModal>
  );
}
