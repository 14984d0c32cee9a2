// Center › Survey: the satisfaction survey's answers, newest first, with their average. Administrators see
// their company's; the super administrator every company's (the survey is product-wide), with the company named.
import { Badge, Card, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { surveyAnswersQuery } from '../../survey/survey-api.ts';

export function SurveyAnswersPage() {
  const { t, language } = useTranslation();
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  const query = useQuery({ ...surveyAnswersQuery(page), placeholderData: keepPreviousData });
  const list = query.data;
  const everyCompany = user?.role === 'super_admin';
  const dateContext = { language, timeZone: user?.timezone };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('survey.center.title')}
      </Title>
      <Card withBorder>
        <Group gap="xl">
          <div>
            <Text size="sm" c="dimmed">
              {t('survey.center.average')}
            </Text>
            <Text size="xl" fw={700} data-testid="survey-average">
              {list?.average ?? '—'}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('survey.center.total')}
            </Text>
            <Text size="xl" fw={700}>
              {list?.total ?? 0}
            </Text>
          </div>
        </Group>
      </Card>
      {list && list.data.length === 0 ? (
        <Text c="dimmed">{t('survey.center.empty')}</Text>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('survey.center.date')}</Table.Th>
              {everyCompany && <Table.Th>{t('survey.center.company')}</Table.Th>}
              <Table.Th>{t('survey.center.user')}</Table.Th>
              <Table.Th>{t('survey.rating')}</Table.Th>
              <Table.Th>{t('survey.comment')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list?.data.map((answer) => (
              <Table.Tr key={answer.id}>
                <Table.Td>{formatDateTime(answer.created_at, dateContext)}</Table.Td>
                {everyCompany && <Table.Td>{answer.company.name}</Table.Td>}
                <Table.Td>{answer.user.name}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={600}>{answer.rating}</Text>
                    <Badge variant="light">{t(`survey.labels.${answer.label}`)}</Badge>
                  </Group>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{answer.comment}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {list && list.total > list.page_size && (
        <Pagination total={Math.ceil(list.total / list.page_size)} value={page} onChange={setPage} />
      )}
    </Stack>
  );
}
