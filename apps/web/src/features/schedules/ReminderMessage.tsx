// The body of a reminder notification: when, the schedule's annotation, and the button that opens the contact.
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';

export function ReminderMessage({
  body,
  annotation,
  onOpen,
}: {
  body: string;
  annotation: string | null;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} align="flex-start" data-testid="schedule-reminder">
      <Text size="sm">{body}</Text>
      {annotation && (
        <Text size="sm" c="dimmed" lineClamp={3}>
          {annotation}
        </Text>
      )}
      <Button size="compact-xs" variant="light" onClick={onOpen} data-testid="schedule-reminder-open">
        {t('schedules.reminder.open')}
      </Button>
    </Stack>
  );
}
