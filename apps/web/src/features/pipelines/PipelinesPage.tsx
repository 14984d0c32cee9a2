// pipelines (/painel/pipelines): the board of the chosen pipeline (spec §2), open / finished / all (spec §4),
// filtered by label, responsible and text; colleagues' moves appear live. A card opens in its dialog.
import type { CardStatus, CardSummary } from '@atende/contract';
import { Group, Loader, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SearchIcon } from '../../components/Icons.tsx';
import { QueryBody } from '../../components/QueryBody.tsx';
import { responsiblesQuery } from '../../lib/catalogues.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { Board } from './Board.tsx';
import classes from './Board.module.css';
import { boardQuery, pipelinesQuery, type BoardFilters } from './pipeline-api.ts';
import { usePipelinesLive } from './use-pipelines-live.ts';

/** The board's views of spec §4, in the order the toggle offers them. */
const STATUSES: readonly CardStatus[] = ['open', 'finished', 'all'];

const CardDialog = lazy(() => import('./CardDialog.tsx').then((module) => ({ default: module.CardDialog })));

export function PipelinesPage() {
  const { t } = useTranslation();
  usePipelinesLive();
  const pipelines = useQuery(pipelinesQuery);
  const responsibles = useQuery(responsiblesQuery);
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<CardStatus>('open');
  const [labelId, setLabelId] = useState<string | null>(null);
  const [responsibleId, setResponsibleId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text, 300);
  const [opened, setOpened] = useState<CardSummary | null>(null);

  const list = pipelines.data?.data ?? [];
  const pipeline = list.find((candidate) => candidate.id === params.get('pipeline')) ?? list[0] ?? null;
  const filters: BoardFilters = useMemo(
    () => ({ status, labelId, responsibleId, q }),
    [status, labelId, responsibleId, q],
  );
  const board = useQuery({ ...boardQuery(pipeline?.id ?? '', filters), enabled: pipeline !== null });

  function handlePipeline(id: string | null) {
    if (!id) return;
    setLabelId(null);
    setParams({ pipeline: id }, { replace: true });
  }

  let body;
  if (!pipelines.data) {
    body = <QueryBody query={pipelines}>{() => null}</QueryBody>;
  } else if (!pipeline) {
    body = (
      <Text c="dimmed" data-testid="pipelines-empty">
        {t('pipelines.board.noPipelines')}
      </Text>
    );
  } else {
    body = (
      <QueryBody query={board}>
        {(data) => <Board pipeline={pipeline} filters={filters} board={data} onOpen={setOpened} />}
      </QueryBody>
    );
  }

  return (
    <div className={classes.page}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          {t('pipelines.title')}
        </Title>
        {board.isFetching && board.data && <Loader size="xs" aria-label={t('common.loading')} />}
      </Group>
      {pipeline && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('pipelines.board.pipeline')}
            data={list.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
            value={pipeline.id}
            onChange={handlePipeline}
            allowDeselect={false}
            w={220}
            data-testid="pipeline-select"
          />
          <Stack gap={2}>
            <Text size="sm" fw={500} id="pipeline-status-label">
              {t('pipelines.board.status')}
            </Text>
            <SegmentedControl
              aria-labelledby="pipeline-status-label"
              value={status}
              onChange={(value) => setStatus(value as CardStatus)}
              data={STATUSES.map((value) => ({ value, label: t(`pipelines.status.${value}`) }))}
              data-testid="pipeline-status"
            />
          </Stack>
          <Select
            label={t('pipelines.board.label')}
            placeholder={t('pipelines.board.anyLabel')}
            data={pipeline.labels.map((label) => ({ value: label.id, label: label.name }))}
            value={labelId}
            onChange={setLabelId}
            clearable
            w={180}
          />
          <Select
            label={t('pipelines.board.responsible')}
            placeholder={t('pipelines.board.anyResponsible')}
            data={(responsibles.data?.data ?? []).map((user) => ({ value: user.id, label: user.name }))}
            value={responsibleId}
            onChange={setResponsibleId}
            searchable
            clearable
            w={200}
          />
          <TextInput
            label={t('pipelines.board.search')}
            leftSection={<SearchIcon size={16} />}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maxLength={100}
            w={220}
            data-testid="pipeline-search"
          />
        </Group>
      )}
      {body}
      {opened && (
        <Suspense fallback={null}>
          <CardDialog pipelineId={opened.pipeline_id} cardId={opened.id} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </div>
  );
}
