// Removing a scheduled return (spec §2 "schedule removal" modal), with the spec's removal error.
import type { Schedule } from '@atende/contract';
import { Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useFormatters } from '../../lib/use-formatters.ts';
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
    <ConfirmModal
      opened={schedule !== null}
      title={t('schedules.removeTitle')}
      confirmLabel={t('schedules.remove')}
      busy={remove.isPending}
      error={remove.isError ? scheduleErrorText(remove.error, 'remove') : null}
      onConfirm={() => schedule && remove.mutate(schedule)}
      onClose={close}
      testId="schedule-remove-confirm"
    >
      {schedule && (
        <Text size="sm">
          {t('schedules.removeConfirm', { date: format.dateTime(schedule.scheduled_at) })}
        </Text>
      )}
    </ConfirmModal>
  );
}
