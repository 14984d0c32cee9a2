// Why a conversation's contact could not be shown: gone (404, also another company's) or the server's error.
import { Alert } from '@mantine/core';
import { HttpError } from '../lib/http.ts';
import { useTranslation } from '../lib/i18n.ts';
import { errorText } from '../lib/error-text.ts';

export function ContactLoadAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const gone = error instanceof HttpError && error.status === 404;
  return (
    <Alert
      maw={520}
      color={gone ? 'gray' : 'red'}
      title={t(gone ? 'conversation.notFoundTitle' : 'conversation.errorTitle')}
    >
      {gone ? t('conversation.notFoundBody') : errorText(error)}
    </Alert>
  );
}
