// The contact's scheduled returns on the customer data page: pending ones with their annotation and
// attendant, each editable and removable (spec §2 "schedule removal" modal, with the spec's removal error),
// and a button to schedule a new return.
import type { Schedule } from '@atende/contract';
import { ActionIcon, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { AdjustmentsIcon, CloseIcon, PlusIcon } from '../../components/Icons.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useConfirmRemove } from '../../components/use-confirm-remove.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useFormatters } from '../../lib/use-formatters.ts';
import { contactSchedulesQuery, removeSchedule } from './schedule-api.ts';
import { scheduleErrorText } from './schedule-form.ts';
import { refreshSchedules, ScheduleModal } from './ScheduleModal.tsx';

type Editing = { schedule: Schedule | null } | null;

export function SchedulesSection({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const schedules = useQuery(contactSchedulesQuery(contactId));
  const [editing, setEditing] = useState<Editing>(null);
  const client = useQueryClient();
  const removal = useConfirmRemove({
    remove: (schedule: Schedule) => removeSchedule(schedule.contact_id, schedule.id),
    onRemoved: (schedule) => {
      refreshSchedules(client, schedule.contact_id);
      notifySuccess(t('schedules.removed'));
    },
    describeError: (error) => scheduleErrorText(error, 'remove'),
  });
  const pending = (schedules.data?.data ?? [])
    .filter((schedule) => !schedule.done)
    .sort((a, b) => a.scheduled_at.localeCompare(b.scheduled_at));

  return (
    <Stack gap="xs" data-testid="schedules">
      <Group justify="space-between">
        <Title order={2} size="h5">
          {t('schedules.title')}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<PlusIcon size={14} />}
          onClick={() => setEditing({ schedule: null })}
          data-testid="schedule-new"
        >
          {t('schedules.new')}
        </Button>
      </Group>
      <QueryState query={schedules} isEmpty={() => pending.length === 0} empty={t('schedules.empty')}>
        {() =>
          pending.map((schedule) => (
            <Card key={schedule.id} withBorder padding="xs" data-testid="schedule-row">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {format.dateTime(schedule.scheduled_at)}
                  </Text>
                  {schedule.annotation && (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {schedule.annotation}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {t('schedules.by', { name: schedule.user.name ?? t('events.unknownAuthor') })}
                  </Text>
                </Stack>
                <Group gap={2} wrap="nowrap">
                  <Tooltip label={t('schedules.editTitle')}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('schedules.editTitle')}
                      onClick={() => setEditing({ schedule })}
                    >
                      <AdjustmentsIcon size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('schedules.removeTitle')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('schedules.removeTitle')}
                      onClick={() => removal.ask(schedule)}
                    >
                      <CloseIcon size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </Card>
          ))
        }
      </QueryState>
      <ScheduleModal
        contactId={contactId}
        schedule={editing?.schedule ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ConfirmModal
        {...removal.dialog}
        title={t('schedules.removeTitle')}
        confirmLabel={t('schedules.remove')}
        testId="schedule-remove-confirm"
      >
        {removal.target && (
          <Text size="sm">
            {t('schedules.removeConfirm', { date: format.dateTime(removal.target.scheduled_at) })}
          </Text>
        )}
      </ConfirmModal>
    </Stack>
  );
}
