// Outside WhatsApp's customer-service window only an approved template may go: the company's approved templates
// to choose from, the chosen one's body, and a field for each of its {{n}} variables; sending needs them all.
import { fillTemplate, templateVariables, type WhatsappTemplate } from '@atende/contract';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { whatsappTemplatesQuery } from '../conversation-api.ts';

export interface TemplatePickerProps {
  onSend: (template: WhatsappTemplate, variables: string[]) => Promise<unknown>;
  disabled?: boolean;
}

export function TemplatePicker({ onSend, disabled = false }: TemplatePickerProps) {
  const { t } = useTranslation();
  const templates = useQuery(whatsappTemplatesQuery);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const list = templates.data?.data ?? [];
  const chosen = list.find((template) => template.id === chosenId) ?? null;
  const variables = chosen ? templateVariables(chosen.body) : [];
  const complete = chosen !== null && variables.every((_, index) => (values[index] ?? '').trim() !== '');

  function handleChoose(id: string | null) {
    setChosenId(id);
    setValues([]);
  }

  async function handleSend() {
    if (!chosen || !complete) return;
    await onSend(
      chosen,
      variables.map((_, index) => values[index]!.trim()),
    );
    handleChoose(null);
  }

  if (templates.isSuccess && list.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="composer-no-templates">
        {t('composer.noTemplates')}
      </Text>
    );
  }
  return (
    <Stack gap={6} data-testid="composer-templates">
      <Select
        aria-label={t('composer.template')}
        placeholder={t('composer.template')}
        data={list.map((template) => ({
          value: template.id,
          label: `${template.name} (${template.language})`,
        }))}
        value={chosenId}
        onChange={handleChoose}
        disabled={disabled}
        size="xs"
        data-testid="composer-template"
      />
      {chosen && (
        <>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="composer-template-preview">
            {fillTemplate(
              chosen.body,
              values.map((value) => value.trim()).map((value, index) => value || `{{${index + 1}}}`),
            )}
          </Text>
          {variables.map((number, index) => (
            <TextInput
              key={number}
              size="xs"
              label={t('composer.templateVariable', { number })}
              value={values[index] ?? ''}
              onChange={(event) => {
                const next = [...values];
                next[index] = event.currentTarget.value;
                setValues(next);
              }}
              disabled={disabled}
            />
          ))}
          <Group justify="flex-end">
            <Button
              size="xs"
              onClick={() => void handleSend()}
              disabled={!complete || disabled}
              data-testid="composer-template-send"
            >
              {t('composer.sendTemplate')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
