// Create or edit a scheduled return (spec §2 "schedule edit" modal): date and time in the user's time zone and
// an annotation. The answer refreshes the contact's schedules (and the contact: its return date changes).
import { DEFAULT_TIMEZONE, type Schedule } from '@atende/contract';
import { Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DateTimeField } from '../../components/DateFields.tsx';
import { FormModal, ModalForm } from '../../components/FormModal.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { contactKeys } from '../../lib/contact-keys.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import { createSchedule, scheduleKeys, updateSchedule } from './schedule-api.ts';
import { checkSchedule, scheduleErrorText } from './schedule-form.ts';
import { toWallTime } from '../../lib/wall-time.ts';

/** After any schedule change: the contact's list and the contact itself (its return) are fetched again. */
export function refreshSchedules(client: ReturnType<typeof useQueryClient>, contactId: string): void {
  void client.invalidateQueries({ queryKey: scheduleKeys.all });
  void client.invalidateQueries({ queryKey: contactKeys.detail(contactId) });
}

function ScheduleForm({
  contactId,
  schedule,
  onClose,
}: {
  contactId: string;
  schedule: Schedule | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const timeZone = useCurrentUser()?.timezone ?? DEFAULT_TIMEZONE;
  const [when, setWhen] = useState(() => (schedule ? toWallTime(schedule.scheduled_at, timeZone) : ''));
  const [annotation, setAnnotation] = useState(schedule?.annotation ?? '');
  const [whenError, setWhenError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (request: { scheduled_at: string; annotation?: string }) =>
      schedule
        ? updateSchedule(contactId, schedule.id, { ...request, annotation: request.annotation ?? '' })
        : createSchedule(contactId, request),
    onSuccess: () => {
      refreshSchedules(client, contactId);
      notifySuccess(t(schedule ? 'schedules.updated' : 'schedules.created'));
      onClose();
    },
    onError: (error) => setProblem(scheduleErrorText(error, schedule ? 'update' : 'create')),
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const check = checkSchedule(when, annotation, timeZone);
    if (!check.ok) {
      setWhenError(t(check.error));
      return;
    }
    save.mutate(check.request);
  }

  return (
    <ModalForm
      onSubmit={handleSubmit}
      error={problem}
      errorTestId="schedule-error"
      submitLabel={t('customer.save')}
      busy={save.isPending}
      onCancel={onClose}
      submitTestId="schedule-save"
    >
      <DateTimeField
        label={t('schedules.when')}
        description={t('schedules.timeZone', { zone: timeZone })}
        value={when}
        onChange={(value) => {
          setWhen(value);
          setWhenError(null);
        }}
        error={whenError}
        required
        autoFocus
        testId="schedule-when"
      />
      <Textarea
        label={t('schedules.annotation')}
        value={annotation}
        onChange={(event) => setAnnotation(event.currentTarget.value)}
        maxLength={1000}
        autosize
        minRows={2}
        maxRows={5}
        data-testid="schedule-annotation"
      />
    </ModalForm>
  );
}

export function ScheduleModal({
  contactId,
  schedule,
  opened,
  onClose,
}: {
  contactId: string;
  /** The schedule to edit; null creates one. */
  schedule: Schedule | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t(schedule ? 'schedules.editTitle' : 'schedules.createTitle')}
    >
      {opened && <ScheduleForm contactId={contactId} schedule={schedule} onClose={onClose} />}
    </FormModal>
  );
}
