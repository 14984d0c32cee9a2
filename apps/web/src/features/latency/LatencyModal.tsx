// The latency history window (spec §2): current, average and maximum round trip of the last 15 minutes, the
// probes lost, a small chart, the server clock's difference and the browser's storage use.
import { LATENCY_BAD_MS, LATENCY_HISTORY_MS } from '@atende/contract';
import { Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { formatFileSize } from '../conversation/file-size.ts';
import { storedBytes, summarise, useLatencyStore } from './latency-store.ts';
import { LatencySparkline } from './LatencySparkline.tsx';

interface StorageUse {
  usage: number;
  quota: number;
}

/** What the browser says this site stores (IndexedDB, caches, localStorage…), where it can tell. */
function useStorageUse(opened: boolean): StorageUse | null {
  const [use, setUse] = useState<StorageUse | null>(null);
  useEffect(() => {
    if (!opened || typeof navigator.storage?.estimate !== 'function') return;
    let current = true;
    void navigator.storage.estimate().then((estimate) => {
      if (current) setUse({ usage: estimate.usage ?? 0, quota: estimate.quota ?? 0 });
    });
    return () => {
      current = false;
    };
  }, [opened]);
  return use;
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="xs" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

export function LatencyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, language } = useTranslation();
  const records = useLatencyStore((state) => state.records);
  const clockOffset = useLatencyStore((state) => state.clockOffset);
  const storage = useStorageUse(opened);
  const summary = summarise(records);
  const ms = (value: number | null) => (value === null ? '–' : t('latency.ms', { ms: value }));

  return (
    <Modal opened={opened} onClose={onClose} title={t('latency.title')} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('latency.kept', { minutes: LATENCY_HISTORY_MS / 60_000, count: summary.count })}
        </Text>
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
          <Figure label={t('latency.current')} value={ms(summary.current)} testId="latency-current" />
          <Figure label={t('latency.average')} value={ms(summary.average)} testId="latency-average" />
          <Figure label={t('latency.maximum')} value={ms(summary.maximum)} testId="latency-maximum" />
          <Figure label={t('latency.lost')} value={String(summary.lost)} testId="latency-lost" />
        </SimpleGrid>
        {records.length > 0 ? (
          <LatencySparkline records={records} label={t('latency.chart', { threshold: LATENCY_BAD_MS })} />
        ) : (
          <Text size="sm">{t('latency.empty')}</Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {t('latency.clock')}: {clockOffset === null ? '–' : t('latency.ms', { ms: clockOffset })}
          </Text>
          <Text size="sm" data-testid="latency-storage">
            {t('latency.storage')}:{' '}
            {storage
              ? t('latency.storageUse', {
                  used: formatFileSize(storage.usage, language),
                  percent: storage.quota ? ((storage.usage / storage.quota) * 100).toFixed(2) : '0',
                  history: formatFileSize(storedBytes(), language),
                })
              : t('latency.storageUnknown', { history: formatFileSize(storedBytes(), language) })}
          </Text>
        </Group>
      </Stack>
    </Modal>
  );
}
