// The sidebar's pause entry (spec §2): "Pausa" opens the pause window; while paused, the reason, a running
// timer (red past the reason's limit) and Resume instead.
import type { User } from '@atende/contract';
import { Button, Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { PauseIcon, PlayIcon } from '../../components/Icons.tsx';
import { pauseReasonsQuery } from '../../lib/catalogues.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { usePauseMutation } from './pause-api.ts';
import { PauseModal } from './PauseModal.tsx';
import { PauseTimer } from './PauseTimer.tsx';

function ActivePause({ pauseAt, reasonId }: { pauseAt: string; reasonId: string | null }) {
  const { t } = useTranslation();
  const reason = useQuery(pauseReasonsQuery).data?.data.find((item) => item.id === reasonId);
  const resume = usePauseMutation();
  return (
    <Paper withBorder p="xs" radius="md" bg="var(--mantine-color-orange-light)" data-testid="active-pause">
      <Stack gap={4}>
        <Text size="sm" fw={600} lineClamp={1}>
          {t('pause.paused', { reason: reason?.name ?? t('pause.unknownReason') })}
        </Text>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <PauseTimer pauseAt={pauseAt} maxMinutes={reason?.max_minutes ?? null} />
          <Button
            size="xs"
            color="green"
            leftSection={<PlayIcon size={16} />}
            loading={resume.isPending}
            onClick={() => resume.mutate(null)}
            data-testid="pause-resume"
          >
            {t('pause.resume')}
          </Button>
        </Group>
        {reason?.max_minutes != null && (
          <Text size="xs" c="dimmed">
            {t('pause.maxMinutes', { minutes: reason.max_minutes })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function PauseNavEntry({ user }: { user: User }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure();
  if (user.pause.pause_at) {
    return <ActivePause pauseAt={user.pause.pause_at} reasonId={user.pause.reason_id} />;
  }
  return (
    <>
      <NavLink
        component="button"
        type="button"
        label={t('nav.pause')}
        leftSection={<PauseIcon size={20} />}
        onClick={open}
        data-testid="pause-open"
      />
      <PauseModal opened={opened} onClose={close} />
    </>
  );
}
