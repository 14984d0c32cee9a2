// A pipeline's labels (Center): rename or recolour one, remove one (cards lose it), add one. Each is its own
// call; the pipelines are fetched again after it, so boards and card dialogs show the new labels.
import type { Pipeline, PipelineLabel } from '@atende/contract';
import { ActionIcon, Button, ColorInput, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CloseIcon } from '../../../components/Icons.tsx';
import { pipelinesQuery } from '../../../lib/catalogues.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { createLabel, removeLabel, updateLabel } from './pipeline-config-api.ts';

const DEFAULT_COLOUR = '#1c7ed6';

/** One label's row; a new one (label null) adds, an existing one saves its changes or goes. */
function LabelRow({ pipelineId, label }: { pipelineId: string; label: PipelineLabel | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [name, setName] = useState(label?.name ?? '');
  const [colour, setColour] = useState(label?.colour ?? DEFAULT_COLOUR);
  const refresh = () => client.invalidateQueries({ queryKey: pipelinesQuery.queryKey, exact: true });
  const save = useMutation({
    mutationFn: () =>
      label
        ? updateLabel(pipelineId, label.id, { name: name.trim(), colour })
        : createLabel(pipelineId, { name: name.trim(), colour }),
    onSuccess: async () => {
      await refresh();
      if (!label) {
        setName('');
        setColour(DEFAULT_COLOUR);
      }
    },
  });
  const remove = useMutation({ mutationFn: () => removeLabel(pipelineId, label!.id), onSuccess: refresh });
  const changed = !label || name !== label.name || colour !== label.colour;
  const error = save.error ?? remove.error;
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap" data-testid="pipeline-label-row">
        <TextInput
          aria-label={t('centerPipelines.labels.name')}
          placeholder={label ? undefined : t('centerPipelines.labels.newName')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={40}
          style={{ flex: 1 }}
        />
        <ColorInput
          aria-label={t('centerPipelines.labels.colour')}
          value={colour}
          onChange={setColour}
          format="hex"
          w={130}
        />
        <Button
          size="xs"
          variant={label ? 'default' : 'filled'}
          disabled={!changed || !name.trim()}
          loading={save.isPending}
          onClick={() => save.mutate()}
        >
          {t(label ? 'centerPipelines.labels.save' : 'centerPipelines.labels.add')}
        </Button>
        {label && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('centerPipelines.labels.remove')}
            loading={remove.isPending}
            onClick={() => remove.mutate()}
          >
            <CloseIcon size={16} />
          </ActionIcon>
        )}
      </Group>
      {error && (
        <Text size="xs" c="red" role="alert">
          {errorText(error)}
        </Text>
      )}
    </Stack>
  );
}

export function LabelsModal({ pipeline, onClose }: { pipeline: Pipeline | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={pipeline !== null}
      onClose={onClose}
      size="lg"
      title={t('centerPipelines.labels.title', { name: pipeline?.name ?? '' })}
    >
      {pipeline && (
        <Stack gap="xs">
          {pipeline.labels.map((label) => (
            <LabelRow
              key={`${label.id}-${label.name}-${label.colour}`}
              pipelineId={pipeline.id}
              label={label}
            />
          ))}
          <LabelRow key={`new-${pipeline.labels.length}`} pipelineId={pipeline.id} label={null} />
        </Stack>
      )}
    </Modal>
  );
}
