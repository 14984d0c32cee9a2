// Change-password modal of the profile page (spec §5: current password required, confirmation must match).
import type { ChangePasswordRequest } from '@atende/contract';
import { PasswordInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormModal, ModalForm } from '../../components/FormModal.tsx';
import { NewPasswordFields, newPasswordErrors } from '../../components/NewPasswordFields.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useChangePassword } from './profile-api.ts';

type Field = keyof ChangePasswordRequest;

const EMPTY: ChangePasswordRequest = { current_password: '', password: '', password_confirmation: '' };

interface ChangePasswordModalProps {
  opened: boolean;
  onClose: () => void;
}

export function ChangePasswordModal({ opened, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const [values, setValues] = useState<ChangePasswordRequest>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const handleClose = () => {
    setValues(EMPTY);
    setErrors({});
    onClose();
  };

  const handleChange = (field: Field) => (event: { currentTarget: HTMLInputElement }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = newPasswordErrors(t, values);
    if (!values.current_password) found.current_password = t('password.currentRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    changePassword.mutate(values, {
      onSuccess: () => {
        notifySuccess(t('password.changed'));
        handleClose();
      },
    });
  };

  return (
    <FormModal opened={opened} onClose={handleClose} title={t('password.title')} centered>
      <ModalForm
        onSubmit={handleSubmit}
        submitLabel={t('password.submit')}
        busy={changePassword.isPending}
        onCancel={handleClose}
        gap="md"
      >
        <PasswordInput
          label={t('password.current')}
          autoComplete="current-password"
          value={values.current_password}
          onChange={handleChange('current_password')}
          error={errors.current_password}
          required
          data-autofocus
        />
        <NewPasswordFields values={values} errors={errors} onChange={handleChange} />
      </ModalForm>
    </FormModal>
  );
}
