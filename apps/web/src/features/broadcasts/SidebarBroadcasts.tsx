// The sidebar's broadcast list (spec §2): the broadcasts still under way (sending, paused or scheduled) with
// their live progress, each opening its page. Live through the realtime `broadcast.changed` invalidation.
import type { Broadcast } from '@atende/contract';
import { Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { pathTo } from '../../lib/routes.ts';
import { broadcastsQuery } from './broadcast-api.ts';
import { progressOf } from './progress.ts';

/** At most this many rows: the page lists the rest. */
export const SIDEBAR_BROADCASTS = 3;
const UNDER_WAY: ReadonlySet<Broadcast['status']> = new Set(['sending', 'paused', 'scheduled']);

export function SidebarBroadcasts({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { data } = useQuery(broadcastsQuery);
  const underWay = (data?.data ?? []).filter((broadcast) => UNDER_WAY.has(broadcast.status));
  if (underWay.length === 0) return null;
  return (
    <Stack gap={6} pl={44} pr="xs" pb={4} data-testid="sidebar-broadcasts">
      {underWay.slice(0, SIDEBAR_BROADCASTS).map((broadcast) => {
        const progress = progressOf(broadcast.counts);
        const status = t(`broadcasts.status.${broadcast.status}`);
        return (
          <UnstyledButton
            key={broadcast.id}
            component={Link}
            to={`${pathTo('broadcasts')}?id=${encodeURIComponent(broadcast.id)}`}
            onClick={onNavigate}
            data-testid="sidebar-broadcast"
          >
            <Text size="xs" truncate>
              {broadcast.name}
            </Text>
            <Progress
              value={progress}
              size="sm"
              color={broadcast.status === 'paused' ? 'yellow' : 'blue'}
              aria-label={`${broadcast.name}: ${t('broadcasts.progress', { progress })}`}
            />
            <Text size="xs" c="dimmed">
              {status} · {t('broadcasts.progress', { progress })}
            </Text>
          </UnstyledButton>
        );
      })}
      {underWay.length > SIDEBAR_BROADCASTS && (
        <Text size="xs" c="dimmed">
          {t('broadcasts.more', { count: underWay.length - SIDEBAR_BROADCASTS })}
        </Text>
      )}
    </Stack>
  );
}
