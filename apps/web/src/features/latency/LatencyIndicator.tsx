// The sidebar's connection entry: the last round trip, flagged red when most recent probes were slow or lost;
// it opens the latency history.
import { NavLink } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ActivityIcon } from '../../components/Icons.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { isBadConnection, useLatencyStore } from './latency-store.ts';
import { LatencyModal } from './LatencyModal.tsx';
import { useLatencyProbe } from './use-latency-probe.ts';

export function LatencyIndicator() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure();
  useLatencyProbe();
  const records = useLatencyStore((state) => state.records);
  const bad = isBadConnection(records);
  const current = records.at(-1)?.ms;
  return (
    <>
      <NavLink
        component="button"
        type="button"
        label={t(bad ? 'latency.bad' : 'latency.entry')}
        description={current == null ? t('latency.waiting') : t('latency.ms', { ms: current })}
        leftSection={<ActivityIcon size={20} />}
        color={bad ? 'red' : undefined}
        active={bad}
        variant="light"
        onClick={open}
        data-testid="latency-indicator"
        data-bad={bad || undefined}
      />
      <LatencyModal opened={opened} onClose={close} />
    </>
  );
}
