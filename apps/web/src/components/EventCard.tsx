// One registered event (spec §3 Event: description, amount, annotation, responsible, date), as the events panel
// lists it and, compact and centred, as the conversation timeline shows it between messages.
import type { ContactEvent } from '@atende/contract';
import { Badge, Card, Group, Text } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { useFormatters } from '../lib/use-formatters.ts';

export function EventCard({ event, compact = false }: { event: ContactEvent; compact?: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Card
      withBorder
      radius="md"
      padding={compact ? 'xs' : 'sm'}
      maw={compact ? 420 : undefined}
      mx={compact ? 'auto' : undefined}
      bg={compact ? 'var(--mantine-color-default-hover)' : undefined}
      data-testid={compact ? 'timeline-event' : 'event-card'}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Badge size="sm" variant="light" color="grape">
            {t('events.badge')}
          </Badge>
          <Text size="sm" fw={600} truncate>
            {event.description}
          </Text>
        </Group>
        {event.amount !== null && (
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="event-amount">
            {format.currency(event.amount)}
          </Text>
        )}
      </Group>
      {event.annotation && (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {event.annotation}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {t('events.meta', {
          date: format.dateTime(event.date),
          responsible: event.responsible?.name ?? t('events.noResponsible'),
          author: event.created_by.name ?? t('events.unknownAuthor'),
        })}
      </Text>
    </Card>
  );
}
