// The conversation's pipeline panel (spec §1): the customer's cards in every pipeline, each opening the card
// route inside the conversation, and a form to create one (pipeline, list and name; spec §5 texts).
import type { Pipeline } from '@atende/contract';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PlusIcon } from '../../components/Icons.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { pathTo } from '../../lib/routes.ts';
import { CardFace } from './CardTile.tsx';
import { cardErrorText } from './card-errors.ts';
import { defaultStepId, validateNewCard, type NewCardErrors } from './card-form.ts';
import { contactCardsQuery, createCard, pipelineKeys, pipelinesQuery } from './pipeline-api.ts';
import { usePipelinesLive } from './use-pipelines-live.ts';

function NewCardForm({
  contactId,
  pipelines,
  onDone,
}: {
  contactId: string;
  pipelines: readonly Pipeline[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [pipelineId, setPipelineId] = useState<string | null>(pipelines[0]?.id ?? null);
  const [stepId, setStepId] = useState<string | null>(defaultStepId(pipelines[0]));
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<NewCardErrors>({});
  const pipeline = pipelines.find((candidate) => candidate.id === pipelineId);
  const create = useMutation({
    mutationFn: () => createCard(pipelineId!, stepId!, { contact_id: contactId, name, description: '' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: pipelineKeys.ofContact(contactId) });
      onDone();
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateNewCard({ pipelineId, stepId, name }, pipelines);
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate();
  }

  return (
    <Paper withBorder p="sm">
      <form onSubmit={handleSubmit} noValidate data-testid="new-card-form">
        <Stack gap="xs">
          <Select
            label={t('pipelines.form.pipeline')}
            data={pipelines.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
            value={pipelineId}
            onChange={(value) => {
              setPipelineId(value);
              setStepId(defaultStepId(pipelines.find((candidate) => candidate.id === value)));
            }}
            error={errors.pipelineId && t(errors.pipelineId)}
            data-testid="new-card-pipeline"
          />
          <Select
            label={t('pipelines.form.step')}
            data={(pipeline?.steps ?? []).map((step) => ({ value: step.id, label: step.name }))}
            value={stepId}
            onChange={setStepId}
            error={errors.stepId && t(errors.stepId)}
            data-testid="new-card-step"
          />
          <TextInput
            label={t('pipelines.form.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name && t(errors.name)}
            maxLength={200}
            data-testid="new-card-name"
          />
          {create.isError && (
            <Text size="xs" c="red" role="alert">
              {cardErrorText(create.error)}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={onDone}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" size="xs" loading={create.isPending} data-testid="new-card-submit">
              {t('pipelines.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

export function ContactPipelinePanel({
  contactId,
  onOpenCard,
}: {
  contactId: string;
  onOpenCard?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePipelinesLive();
  const pipelines = useQuery(pipelinesQuery);
  const cards = useQuery(contactCardsQuery(contactId));
  const [creating, setCreating] = useState(false);
  const list = pipelines.data?.data ?? [];

  if (pipelines.isPending || cards.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (pipelines.isError || cards.isError) {
    return <Alert color="red">{errorText(pipelines.error ?? cards.error)}</Alert>;
  }
  return (
    <Stack gap="sm" data-testid="contact-pipeline-panel">
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('pipelines.board.noPipelines')}
        </Text>
      ) : creating ? (
        <NewCardForm contactId={contactId} pipelines={list} onDone={() => setCreating(false)} />
      ) : (
        <Button
          leftSection={<PlusIcon size={16} />}
          variant="light"
          onClick={() => setCreating(true)}
          data-testid="new-card"
        >
          {t('pipelines.panel.new')}
        </Button>
      )}
      {cards.data.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('pipelines.panel.empty')}
        </Text>
      )}
      {cards.data.data.map((card) => {
        const pipeline = list.find((candidate) => candidate.id === card.pipeline_id);
        const step = pipeline?.steps.find((candidate) => candidate.id === card.step_id);
        return (
          <UnstyledButton
            key={card.id}
            onClick={() => {
              onOpenCard?.();
              void navigate(
                pathTo('card', {
                  contactId,
                  pipelineId: card.pipeline_id,
                  stepId: card.step_id,
                  itemId: card.id,
                }),
              );
            }}
            data-testid="contact-card"
          >
            <Paper withBorder style={{ overflow: 'hidden' }}>
              <Group gap={6} px="xs" pt={6}>
                <Text size="xs" c="dimmed">
                  {pipeline?.name} · {step?.name}
                </Text>
                {card.finished && (
                  <Badge size="xs" color="teal" variant="light">
                    {t('pipelines.status.finished')}
                  </Badge>
                )}
              </Group>
              <CardFace card={card} labels={pipeline?.labels ?? []} />
            </Paper>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
