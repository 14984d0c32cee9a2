// Broadcasts (spec §1, §2 sidebar "broadcast list"; issue 25): the company's broadcasts with their status and
// progress, live; a new one through the wizard; the chosen one's progress, actions and report.
import type { Broadcast } from '@atende/contract';
import { Badge, Button, Card, Group, Progress, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { BroadcastDetail } from './BroadcastDetail.tsx';
import { BroadcastWizard } from './BroadcastWizard.tsx';
import { broadcastsQuery } from './broadcast-api.ts';
import { progressOf } from './progress.ts';

const STATUS_COLOURS: Record<Broadcast['status'], string> = {
  scheduled: 'gray',
  sending: 'blue',
  paused: 'yellow',
  completed: 'teal',
  cancelled: 'red',
};

interface BroadcastItemProps {
  broadcast: Broadcast;
  selected: boolean;
  onSelect: (id: string) => void;
}

function BroadcastItem({ broadcast, selected, onSelect }: BroadcastItemProps) {
  const { t } = useTranslation();
  const progress = progressOf(broadcast.counts);
  return (
    <UnstyledButton
      onClick={() => onSelect(broadcast.id)}
      aria-pressed={selected}
      data-testid="broadcast-item"
    >
      <Card withBorder padding="sm" bg={selected ? 'var(--mantine-color-default-hover)' : undefined}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} truncate>
            {broadcast.name}
          </Text>
          <Badge color={STATUS_COLOURS[broadcast.status]} variant="light">
            {t(`broadcasts.status.${broadcast.status}`)}
          </Badge>
        </Group>
        <Progress value={progress} mt="xs" aria-label={t('broadcasts.progress', { progress })} />
        <Text size="xs" c="dimmed" mt={4}>
          {t('broadcasts.progress', { progress })}
        </Text>
      </Card>
    </UnstyledButton>
  );
}

export function BroadcastsPage() {
  const { t } = useTranslation();
  const broadcasts = useQuery(broadcastsQuery);
  // The chosen broadcast is in the address (?id=), so the sidebar's progress rows open it.
  const [params, setParams] = useSearchParams();
  const selected = params.get('id');
  const setSelected = (id: string) => setParams({ id }, { replace: true });
  const [creating, setCreating] = useState(false);

  const handleCreated = (broadcast: Broadcast) => {
    setCreating(false);
    setSelected(broadcast.id);
  };

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('broadcasts.title')}</Title>
        <Button onClick={() => setCreating(true)}>{t('broadcasts.new')}</Button>
      </Group>
      <Group align="flex-start" wrap="wrap" gap="md">
        <Stack gap="xs" w={320} maw="100%">
          <QueryState
            query={broadcasts}
            isEmpty={(data) => data.data.length === 0}
            empty={t('broadcasts.empty')}
          >
            {(data) =>
              data.data.map((broadcast) => (
                <BroadcastItem
                  key={broadcast.id}
                  broadcast={broadcast}
                  selected={broadcast.id === selected}
                  onSelect={setSelected}
                />
              ))
            }
          </QueryState>
        </Stack>
        {selected && <BroadcastDetail id={selected} />}
      </Group>
      {creating && <BroadcastWizard onClose={() => setCreating(false)} onCreated={handleCreated} />}
    </Stack>
  );
}
