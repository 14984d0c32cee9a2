// The new password and its confirmation as every form that sets one asks them (the profile's change, the
// new password an invitation or a reset requires at sign-in): the two fields, the length hint, their checks.
import { PASSWORD_MIN_LENGTH } from '@atende/contract';
import { Group, PasswordInput, Progress, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
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

/**
 * The state of a form that only sets a new password: its values, the errors shown (a field's cleared as it is
 * edited), and a submit that checks both fields and hands valid values to `onValid`.
 */
export function useNewPasswordForm(onValid: (values: NewPassword) => void) {
  const { t } = useTranslation();
  const [values, setValues] = useState<NewPassword>({ password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const handleChange = (field: keyof NewPassword) => (event: { currentTarget: HTMLInputElement }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = newPasswordErrors(t, values);
    setErrors(found);
    if (Object.keys(found).length === 0) onValid(values);
  };
  return { values, errors, handleChange, handleSubmit };
}

export type PasswordStrength = 'weak' | 'fair' | 'strong';

/** A hint only (spec §5 recommends letters, numbers and symbols): length and variety of characters. */
export function passwordStrength(password: string): PasswordStrength {
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  const score = kinds + (password.length >= PASSWORD_MIN_LENGTH ? 1 : 0) + (password.length >= 12 ? 1 : 0);
  return score >= 5 ? 'strong' : score >= 3 ? 'fair' : 'weak';
}

const STRENGTH_COLOUR = { weak: 'red', fair: 'yellow', strong: 'teal' } as const;
const STRENGTH_VALUE = { weak: 33, fair: 66, strong: 100 } as const;

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
      {values.password && <StrengthMeter strength={passwordStrength(values.password)} />}
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

function StrengthMeter({ strength }: { strength: PasswordStrength }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" mt={-8} data-testid="password-strength">
      <Progress value={STRENGTH_VALUE[strength]} color={STRENGTH_COLOUR[strength]} size="sm" flex={1} />
      <Text size="xs" c={STRENGTH_COLOUR[strength]}>
        {t(`password.strength.${strength}`)}
      </Text>
    </Group>
  );
}
