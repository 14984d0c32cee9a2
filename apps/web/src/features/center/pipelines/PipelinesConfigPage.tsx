// The Center's pipelines section (/center/pipelines, for whoever may manage pipelines): every pipeline with
// its lists, labels and audience; create, change, edit labels and archive (its cards leave every board).
import type { Pipeline } from '@atende/contract';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { PlusIcon } from '../../../components/Icons.tsx';
import { QueryBody } from '../../../components/QueryBody.tsx';
import { pipelinesQuery } from '../../../lib/catalogues.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { LabelBadge } from '../../pipelines/LabelBadge.tsx';
import { CenterSection } from '../CenterSection.tsx';
import { LabelsModal } from './LabelsModal.tsx';
import { archivePipeline } from './pipeline-config-api.ts';
import { PipelineModal } from './PipelineModal.tsx';

export function PipelinesConfigPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(pipelinesQuery);
  const [editing, setEditing] = useState<{ pipeline: Pipeline | null } | null>(null);
  const [labelling, setLabelling] = useState<string | null>(null);
  const [archiving, setArchiving] = useState<Pipeline | null>(null);
  const archive = useMutation({
    mutationFn: (pipeline: Pipeline) => archivePipeline(pipeline.id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: pipelinesQuery.queryKey, exact: true });
      setArchiving(null);
    },
  });
  // The labels modal follows the cached pipeline, so a saved label shows at once.
  const labelled = query.data?.data.find((pipeline) => pipeline.id === labelling) ?? null;

  return (
    <CenterSection
      title={t('centerPipelines.title')}
      description={t('centerPipelines.description')}
      action={
        <Button
          leftSection={<PlusIcon size={16} />}
          onClick={() => setEditing({ pipeline: null })}
          data-testid="pipeline-new"
        >
          {t('centerPipelines.new')}
        </Button>
      }
    >
      <QueryBody query={query}>
        {(data) =>
          data.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('centerPipelines.empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('centerPipelines.fields.name')}</Table.Th>
                    <Table.Th>{t('centerPipelines.fields.steps')}</Table.Th>
                    <Table.Th>{t('centerPipelines.labels.column')}</Table.Th>
                    <Table.Th>{t('centerPipelines.audience')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.data.map((pipeline) => (
                    <Table.Tr key={pipeline.id} data-testid="pipeline-row">
                      <Table.Td fw={500}>{pipeline.name}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{pipeline.steps.map((step) => step.name).join(' → ')}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {pipeline.labels.map((label) => (
                            <LabelBadge key={label.id} label={label} />
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {pipeline.team_ids.length + pipeline.segment_ids.length === 0
                            ? t('centerPipelines.everyone')
                            : t('centerPipelines.restricted', {
                                teams: pipeline.team_ids.length,
                                segments: pipeline.segment_ids.length,
                              })}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Button size="compact-sm" variant="subtle" onClick={() => setEditing({ pipeline })}>
                            {t('centerPipelines.editShort')}
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            onClick={() => setLabelling(pipeline.id)}
                          >
                            {t('centerPipelines.labels.column')}
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            onClick={() => setArchiving(pipeline)}
                          >
                            {t('centerPipelines.archive')}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryBody>
      <PipelineModal editing={editing} onClose={() => setEditing(null)} />
      <LabelsModal pipeline={labelled} onClose={() => setLabelling(null)} />
      <ConfirmModal
        opened={archiving !== null}
        title={t('centerPipelines.archiveTitle', { name: archiving?.name ?? '' })}
        confirmLabel={t('centerPipelines.archive')}
        busy={archive.isPending}
        error={archive.isError ? errorText(archive.error) : null}
        onConfirm={() => archiving && archive.mutate(archiving)}
        onClose={() => {
          archive.reset();
          setArchiving(null);
        }}
      >
        <Stack gap={4}>
          <Text size="sm">{t('centerPipelines.archiveBody')}</Text>
        </Stack>
      </ConfirmModal>
    </CenterSection>
  );
}
