// A question before a change that cannot be undone (remove a schedule, delete a phrase): what will go, the
// refusal when the call fails, Cancel and the confirming action.
import { Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormActions } from './FormActions.tsx';
import { FormError } from './FormError.tsx';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  /** The failure to show, when the last attempt failed. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}

export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
  testId,
}: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack gap="sm">
        {children}
        <FormError error={error} />
        <FormActions
          label={confirmLabel}
          busy={busy}
          onCancel={onClose}
          onAction={onConfirm}
          color="red"
          testId={testId}
        />
      </Stack>
    </Modal>
  );
}
