// The subject line of the message footer when the answer goes by e-mail (spec messageFooter.subject).
import { EMAIL_SUBJECT_MAX } from '@atende/contract';
import { TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';

export interface MailSubjectFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled: boolean;
}

export function MailSubjectField({ value, onChange, error, disabled }: MailSubjectFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      size="xs"
      label={t('email.subject')}
      placeholder={t('email.subjectPlaceholder')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      maxLength={EMAIL_SUBJECT_MAX}
      disabled={disabled}
      withAsterisk
      data-testid="mail-subject"
    />
  );
}
