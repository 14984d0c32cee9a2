// The pause window (spec §2): the company's pause reasons, each with its longest duration when it has one;
// choosing one and confirming pauses the attendant.
import { Alert, Modal, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../components/FormActions.tsx';
import { FormError } from '../../components/FormError.tsx';
import { pauseReasonsQuery } from '../../lib/catalogues.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { usePauseMutation } from './pause-api.ts';

export function PauseModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const reasons = useQuery(pauseReasonsQuery).data?.data ?? [];
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const pause = usePauseMutation();

  const handleClose = () => {
    pause.reset();
    setReasonId(null);
    setMissing(false);
    onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reasonId) {
      setMissing(true);
      return;
    }
    pause.mutate(reasonId, { onSuccess: handleClose });
  };

  return (
    <Modal opened={opened} onClose={handleClose} title={t('pause.title')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          {reasons.length === 0 ? (
            <Alert color="yellow" variant="light">
              {t('pause.noReasons')}
            </Alert>
          ) : (
            <Radio.Group
              value={reasonId}
              onChange={(value) => {
                setReasonId(value);
                setMissing(false);
              }}
              label={t('pause.reason')}
              error={missing ? t('pause.chooseReason') : undefined}
            >
              <Stack gap="xs" mt="xs">
                {reasons.map((reason) => (
                  <Radio
                    key={reason.id}
                    value={reason.id}
                    label={reason.name}
                    description={
                      reason.max_minutes === null
                        ? undefined
                        : t('pause.maxMinutes', { minutes: reason.max_minutes })
                    }
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <Text size="sm" c="dimmed">
            {t('pause.hint')}
          </Text>
          <FormError error={pause.isError ? errorText(pause.error) : null} />
          <FormActions
            label={t('pause.confirm')}
            busy={pause.isPending}
            onCancel={handleClose}
            testId="pause-confirm"
          />
        </Stack>
      </form>
    </Modal>
  );
}
