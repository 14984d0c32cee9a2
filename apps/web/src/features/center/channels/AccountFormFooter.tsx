// The end of a channel account form: what the server refused without naming a field, then Cancel and Save.
import { Text } from '@mantine/core';
import { FormActions } from '../../../components/FormActions.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export interface AccountFormFooterProps {
  generalError: string | null;
  saving: boolean;
  onCancel: () => void;
}

export function AccountFormFooter({ generalError, saving, onCancel }: AccountFormFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      {generalError && (
        <Text size="sm" c="red" role="alert">
          {generalError}
        </Text>
      )}
      <FormActions label={t('centerChannels.save')} busy={saving} onCancel={onCancel} testId="channel-save" />
    </>
  );
}
