// The Center's "Paused now" board for supervisors: who is paused, why, since when and for how long (a running
// timer, red past the reason's limit), updated live as attendants pause and resume.
import { Badge, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryBody } from '../../../components/QueryBody.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { PauseTimer } from '../../pause/PauseTimer.tsx';
import { CenterSection } from '../CenterSection.tsx';
import { pausedNowQuery, usePausedNowLive } from './paused-now.ts';

export function PausedNowPanel() {
  const { t } = useTranslation();
  const format = useFormatters();
  const query = useQuery(pausedNowQuery);
  usePausedNowLive();
  return (
    <CenterSection
      title={t('centerPauses.title')}
      description={t('centerPauses.description')}
      action={
        <Badge color="green" variant="dot">
          {t('centerPauses.live')}
        </Badge>
      }
    >
      <QueryBody query={query}>
        {({ data }) =>
          data.length === 0 ? (
            <Text c="dimmed" data-testid="paused-now-empty">
              {t('centerPauses.empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table data-testid="paused-now">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('centerPauses.user')}</Table.Th>
                    <Table.Th>{t('centerPauses.reason')}</Table.Th>
                    <Table.Th>{t('centerPauses.since')}</Table.Th>
                    <Table.Th>{t('centerPauses.elapsed')}</Table.Th>
                    <Table.Th>{t('centerPauses.limit')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.map((pause) => (
                    <Table.Tr key={pause.user.id} data-testid="paused-now-row">
                      <Table.Td>{pause.user.name}</Table.Td>
                      <Table.Td>{pause.reason.name}</Table.Td>
                      <Table.Td>{format.time(pause.pause_at)}</Table.Td>
                      <Table.Td>
                        <PauseTimer
                          pauseAt={pause.pause_at}
                          maxMinutes={pause.reason.max_minutes}
                          size="sm"
                        />
                      </Table.Td>
                      <Table.Td>
                        {pause.reason.max_minutes === null
                          ? t('centerPauses.noLimit')
                          : t('centerPauses.minutes', { minutes: pause.reason.max_minutes })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryBody>
    </CenterSection>
  );
}
