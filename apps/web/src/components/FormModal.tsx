// The layout every form dialog shares: the modal (FormModal) and the form inside it (ModalForm) — the fields,
// the failure that belongs to no field, then Cancel and the submit action, busy while the call runs.
import { Modal, Stack, type MantineSize, type ModalProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormActions } from './FormActions.tsx';
import { FormError } from './FormError.tsx';

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  centered?: boolean;
  /**
   * The form. A dialog whose form must start empty at every opening passes `opened && <TheForm />`: its
   * state then lives in TheForm, mounted only while the modal is open.
   */
  children: ReactNode;
}

export function FormModal({ opened, onClose, title, size, centered, children }: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered={centered}>
      {children}
    </Modal>
  );
}

export interface ModalFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The failure that belongs to no field, if any (a field's own problem shows on the field). */
  error?: string | null;
  errorTestId?: string;
  submitLabel: string;
  busy: boolean;
  onCancel: () => void;
  submitTestId?: string;
  testId?: string;
  gap?: MantineSize;
  children: ReactNode;
}

export function ModalForm({
  onSubmit,
  error,
  errorTestId,
  submitLabel,
  busy,
  onCancel,
  submitTestId,
  testId,
  gap = 'sm',
  children,
}: ModalFormProps) {
  return (
    // The form's own checks speak the user's language; the browser's would not match them.
    <form onSubmit={onSubmit} noValidate data-testid={testId}>
      <Stack gap={gap}>
        {children}
        <FormError error={error} testId={errorTestId} />
        <FormActions label={submitLabel} busy={busy} onCancel={onCancel} testId={submitTestId} />
      </Stack>
    </form>
  );
}
