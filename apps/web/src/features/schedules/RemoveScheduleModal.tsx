// Removing a scheduled return (spec §2 "schedule removal" modal), with the spec's removal error.
import type { Schedule } from '@atende/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useFormatters } from '../session/use-formatters.ts';
import { removeSchedule } from './schedule-api.ts';
import { scheduleErrorText } from './schedule-form.ts';
import { refreshSchedules } from './ScheduleModal.tsx';

export function RemoveScheduleModal({
  schedule,
  onClose,
}: {
  schedule: Schedule | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (target: Schedule) => removeSchedule(target.contact_id, target.id),
    onSuccess: (_ok, target) => {
      refreshSchedules(client, target.contact_id);
      notifySuccess(t('schedules.removed'));
      onClose();
    },
  });
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={schedule !== null} onClose={close} title={t('schedules.removeTitle')}>
      {schedule && (
        <Stack gap="sm">
          <Text size="sm">
            {t('schedules.removeConfirm', { date: format.dateTime(schedule.scheduled_at) })}
          </Text>
          {remove.isError && (
            <Text size="sm" c="red" role="alert">
              {scheduleErrorText(remove.error, 'remove')}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(schedule)}
              data-testid="schedule-remove-confirm"
            >
              {t('schedules.remove')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
