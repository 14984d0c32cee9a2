// The new password and its confirmation as every form that sets one asks them (the profile's change, the
// new password an invitation or a reset requires at sign-in): the two fields, the length hint, their checks.
import { PASSWORD_MIN_LENGTH } from '@atende/contract';
import { PasswordInput, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from '../lib/i18n.ts';

export type NewPassword = { password: string; password_confirmation: string };
export type NewPasswordErrors = Partial<Record<keyof NewPassword, string>>;

/** What is wrong with the new password as typed, field by field (nothing: none). */
export function newPasswordErrors(t: TFunction, values: NewPassword): NewPasswordErrors {
  const found: NewPasswordErrors = {};
  if (values.password.length < PASSWORD_MIN_LENGTH)
    found.password = t('password.tooShort', { min: PASSWORD_MIN_LENGTH });
  if (values.password_confirmation !== values.password) found.password_confirmation = t('password.mismatch');
  return found;
}

type FieldChange = (field: keyof NewPassword) => (event: { currentTarget: HTMLInputElement }) => void;

export function NewPasswordFields({
  values,
  errors,
  onChange,
  autoFocus = false,
  testId,
}: {
  values: NewPassword;
  errors: NewPasswordErrors;
  onChange: FieldChange;
  /** The form's first field (no other field before it). */
  autoFocus?: boolean;
  /** The new password's test id; its confirmation's is the same with `-confirmation`. */
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={t('password.new')}
        autoComplete="new-password"
        value={values.password}
        onChange={onChange('password')}
        error={errors.password}
        required
        data-autofocus={autoFocus || undefined}
        autoFocus={autoFocus}
        data-testid={testId}
      />
      <Text size="xs" c="dimmed" mt={-8}>
        {t('password.hint', { min: PASSWORD_MIN_LENGTH })}
      </Text>
      <PasswordInput
        label={t('password.confirmation')}
        autoComplete="new-password"
        value={values.password_confirmation}
        onChange={onChange('password_confirmation')}
        error={errors.password_confirmation}
        required
        data-testid={testId && `${testId}-confirmation`}
      />
    </>
  );
}
