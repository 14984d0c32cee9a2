// Creating or changing a pipeline (Center): its name, its lists in order (renamed, moved, added, removed; the
// final one finishes the cards put in it) and who sees it: teams and segments, none meaning the whole company.
// A list that still holds cards cannot be removed: the server says so and nothing changes.
import type { Pipeline } from '@atende/contract';
import { ActionIcon, Button, Checkbox, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
import { ArrowDownIcon, ArrowUpIcon, CloseIcon, PlusIcon } from '../../../components/Icons.tsx';
import { pipelinesQuery, walletsQuery } from '../../../lib/catalogues.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { teamChoicesQuery } from '../../../lib/teams.ts';
import { createPipeline, updatePipeline } from './pipeline-config-api.ts';
import {
  checkPipeline,
  isClean,
  moveStep,
  newStep,
  pipelineForm,
  pipelineRequest,
  type PipelineForm,
  type StepDraft,
} from './pipeline-form.ts';

function PipelineFormBody({ pipeline, onClose }: { pipeline: Pipeline | null; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const teams = useQuery(teamChoicesQuery).data?.data ?? [];
  const segments = useQuery(walletsQuery).data?.data ?? [];
  const [form, setForm] = useState<PipelineForm>(() => pipelineForm(pipeline));
  const [problems, setProblems] = useState<ReturnType<typeof checkPipeline>>({ steps: {} });
  const save = useMutation({
    mutationFn: () =>
      pipeline ? updatePipeline(pipeline.id, pipelineRequest(form)) : createPipeline(pipelineRequest(form)),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: pipelinesQuery.queryKey, exact: true });
      onClose();
    },
  });
  // A field's problem goes as soon as the field is edited; the rest stay until the next save.
  const setStep = (key: string, patch: Partial<StepDraft>) => {
    setForm((current) => ({
      ...current,
      steps: current.steps.map((step) => (step.key === key ? { ...step, ...patch } : step)),
    }));
    setProblems((current) => ({
      ...current,
      steps: Object.fromEntries(Object.entries(current.steps).filter(([stepKey]) => stepKey !== key)),
    }));
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = checkPipeline(form);
    setProblems(found);
    if (isClean(found)) save.mutate();
  }

  return (
    <ModalForm
      onSubmit={handleSubmit}
      error={save.isError ? errorText(save.error) : null}
      submitLabel={t('centerPipelines.save')}
      busy={save.isPending}
      onCancel={onClose}
      submitTestId="pipeline-save"
    >
      <TextInput
        label={t('centerPipelines.fields.name')}
        value={form.name}
        onChange={(event) => {
          setForm({ ...form, name: event.currentTarget.value });
          setProblems((current) => ({ steps: current.steps }));
        }}
        error={problems.name && t(problems.name)}
        maxLength={80}
        data-autofocus
        data-testid="pipeline-name"
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('centerPipelines.fields.steps')}
        </Text>
        {form.steps.map((step, index) => (
          <Group key={step.key} gap={6} wrap="nowrap" align="flex-start" data-testid="pipeline-step">
            <TextInput
              aria-label={t('centerPipelines.fields.stepName', { position: index + 1 })}
              value={step.name}
              onChange={(event) => setStep(step.key, { name: event.currentTarget.value })}
              error={problems.steps[step.key] && t(problems.steps[step.key]!)}
              maxLength={80}
              style={{ flex: 1 }}
            />
            <Checkbox
              mt={8}
              label={t('centerPipelines.fields.final')}
              checked={step.final}
              onChange={(event) => setStep(step.key, { final: event.currentTarget.checked })}
            />
            <ActionIcon
              mt={4}
              variant="subtle"
              aria-label={t('centerPipelines.moveUp')}
              disabled={index === 0}
              onClick={() => setForm({ ...form, steps: moveStep(form.steps, index, -1) })}
            >
              <ArrowUpIcon size={16} />
            </ActionIcon>
            <ActionIcon
              mt={4}
              variant="subtle"
              aria-label={t('centerPipelines.moveDown')}
              disabled={index === form.steps.length - 1}
              onClick={() => setForm({ ...form, steps: moveStep(form.steps, index, 1) })}
            >
              <ArrowDownIcon size={16} />
            </ActionIcon>
            <ActionIcon
              mt={4}
              variant="subtle"
              color="red"
              aria-label={t('centerPipelines.removeStep')}
              disabled={form.steps.length === 1}
              onClick={() => setForm({ ...form, steps: form.steps.filter((item) => item.key !== step.key) })}
            >
              <CloseIcon size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<PlusIcon size={14} />}
            disabled={form.steps.length >= 30}
            onClick={() => setForm({ ...form, steps: [...form.steps, newStep()] })}
          >
            {t('centerPipelines.addStep')}
          </Button>
        </Group>
      </Stack>
      <MultiSelect
        label={t('centerPipelines.fields.teams')}
        description={t('centerPipelines.fields.audienceHint')}
        data={teams.map((team) => ({ value: team.id, label: team.name }))}
        value={form.team_ids}
        onChange={(team_ids) => setForm({ ...form, team_ids })}
        searchable
        clearable
      />
      <MultiSelect
        label={t('centerPipelines.fields.segments')}
        data={segments.map((segment) => ({ value: segment.id, label: segment.name }))}
        value={form.segment_ids}
        onChange={(segment_ids) => setForm({ ...form, segment_ids })}
        searchable
        clearable
      />
    </ModalForm>
  );
}

export function PipelineModal({
  editing,
  onClose,
}: {
  editing: { pipeline: Pipeline | null } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      size="lg"
      title={t(editing?.pipeline ? 'centerPipelines.edit' : 'centerPipelines.new')}
    >
      {editing && <PipelineFormBody pipeline={editing.pipeline} onClose={onClose} />}
    </FormModal>
  );
}
