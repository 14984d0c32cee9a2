// The footer of a modal's form: Cancel, and the action (a submit button unless given a click) busy while its
// call runs.
import { Button, Group } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';

export interface FormActionsProps {
  label: string;
  busy: boolean;
  onCancel: () => void;
  /** Without it the action submits its form. */
  onAction?: () => void;
  color?: string;
  testId?: string;
}

export function FormActions({ label, busy, onCancel, onAction, color, testId }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button
        type={onAction ? 'button' : 'submit'}
        onClick={onAction}
        loading={busy}
        color={color}
        data-testid={testId}
      >
        {label}
      </Button>
    </Group>
  );
}
