// A card in a dialog (from the board, or the card route inside a conversation): name, list, responsible,
// description, labels, 0–5 stars, files with the cover, comments, author and date, and deleting it. Every
// change is one call whose answer (the card) replaces the cached one; colleagues' changes arrive by realtime.
import type { Card, UpdateCardRequest } from '@atende/contract';
import {
  Alert,
  Anchor,
  Button,
  Chip,
  Divider,
  Group,
  Modal,
  Rating,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { QueryBody } from '../../components/QueryBody.tsx';
import { responsiblesQuery } from '../../lib/catalogues.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { pathTo } from '../../lib/routes.ts';
import { useFormatters } from '../../lib/use-formatters.ts';
import { CardAttachments } from './CardAttachments.tsx';
import { CardComments } from './CardComments.tsx';
import { cardErrorText } from './card-errors.ts';
import {
  cardQuery,
  deleteCard,
  pipelineKeys,
  pipelinesQuery,
  rateCard,
  toggleCardLabel,
  updateCard,
} from './pipeline-api.ts';
import { usePipelinesLive } from './use-pipelines-live.ts';

interface CardDialogProps {
  pipelineId: string;
  cardId: string;
  onClose: () => void;
  /** The conversation the card route is in: a card of another customer is not shown there. */
  contactId?: string;
}

function CardBody({
  card,
  onClose,
  inConversation,
}: {
  card: Card;
  onClose: () => void;
  inConversation: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const client = useQueryClient();
  const pipeline = useQuery(pipelinesQuery).data?.data.find((candidate) => candidate.id === card.pipeline_id);
  const responsibles = useQuery(responsiblesQuery).data?.data ?? [];
  const [name, setName] = useState(card.name);
  const [description, setDescription] = useState(card.description);
  const [nameError, setNameError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const store = (updated: Card) => client.setQueryData(pipelineKeys.card(card.id), updated);

  const update = useMutation({
    mutationFn: ({ stepId, body }: { stepId: string; body: UpdateCardRequest }) =>
      updateCard(card.pipeline_id, stepId, card.id, body),
    onSuccess: store,
  });
  const rate = useMutation({
    mutationFn: (rating: number) => rateCard(card.pipeline_id, card.id, rating),
    onSuccess: store,
  });
  const label = useMutation({
    mutationFn: (labelId: string) => toggleCardLabel(card.pipeline_id, card.id, labelId),
    onSuccess: store,
  });
  const remove = useMutation({
    mutationFn: () => deleteCard(card.pipeline_id, card.id),
    onSuccess: () => {
      client.removeQueries({ queryKey: pipelineKeys.card(card.id) });
      onClose();
    },
  });
  const failure = update.error ?? rate.error ?? label.error;

  function handleNameBlur() {
    if (name === card.name) return;
    if (!name.trim()) {
      setNameError(t('pipelines.form.nameRequired'));
      return;
    }
    setNameError(null);
    update.mutate({ stepId: card.step_id, body: { name } });
  }

  return (
    <Stack gap="md">
      {failure && (
        <Alert color="red" role="alert" data-testid="card-error">
          {cardErrorText(failure)}
        </Alert>
      )}
      <TextInput
        label={t('pipelines.form.name')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        onBlur={handleNameBlur}
        error={nameError}
        maxLength={200}
        required
        data-testid="card-name"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('pipelines.form.step')}
          data={(pipeline?.steps ?? []).map((step) => ({ value: step.id, label: step.name }))}
          value={card.step_id}
          onChange={(stepId) => stepId && stepId !== card.step_id && update.mutate({ stepId, body: {} })}
          allowDeselect={false}
          data-testid="card-step"
        />
        <Select
          label={t('pipelines.form.responsible')}
          placeholder={t('pipelines.form.noResponsible')}
          data={responsibles.map((user) => ({ value: user.id, label: user.name }))}
          value={card.responsible?.id ?? null}
          onChange={(responsibleId) =>
            update.mutate({ stepId: card.step_id, body: { responsible_id: responsibleId } })
          }
          searchable
          clearable
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Textarea
          label={t('pipelines.form.description')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={10000}
          data-testid="card-description"
        />
        {description !== card.description && (
          <Group justify="flex-end" gap="xs">
            <Button size="compact-sm" variant="default" onClick={() => setDescription(card.description)}>
              {t('common.cancel')}
            </Button>
            <Button
              size="compact-sm"
              loading={update.isPending}
              onClick={() => update.mutate({ stepId: card.step_id, body: { description } })}
            >
              {t('pipelines.form.save')}
            </Button>
          </Group>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('pipelines.form.labels')}
          </Text>
          {pipeline && pipeline.labels.length > 0 ? (
            <Group gap={6}>
              {pipeline.labels.map((item) => (
                <Chip
                  key={item.id}
                  size="xs"
                  color={item.colour}
                  checked={card.label_ids.includes(item.id)}
                  onChange={() => label.mutate(item.id)}
                  data-testid="card-label"
                >
                  {item.name}
                </Chip>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('pipelines.form.noLabels')}
            </Text>
          )}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`rating-${card.id}`}>
            {t('pipelines.form.rating')}
          </Text>
          <Group gap="xs">
            <Rating
              value={card.rating}
              onChange={(value) => rate.mutate(value)}
              aria-labelledby={`rating-${card.id}`}
              data-testid="card-rating"
            />
            {card.rating > 0 && (
              <Button size="compact-xs" variant="subtle" color="gray" onClick={() => rate.mutate(0)}>
                {t('pipelines.form.clearRating')}
              </Button>
            )}
          </Group>
        </Stack>
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('pipelines.form.createdBy', {
          name: card.author?.name ?? t('pipelines.comments.unknownAuthor'),
          date: format.dateTime(card.created_at),
        })}{' '}
        ·{' '}
        {inConversation ? (
          card.contact.name
        ) : (
          <Anchor
            component={Link}
            to={pathTo('conversation.messages', { contactId: card.contact.id })}
            size="xs"
            underline="always"
          >
            {card.contact.name}
          </Anchor>
        )}
      </Text>
      <Divider />
      <CardAttachments card={card} />
      <Divider />
      <Text size="sm" fw={600}>
        {t('pipelines.comments.title')}
      </Text>
      <CardComments pipelineId={card.pipeline_id} cardId={card.id} />
      {card.deletable && (
        <>
          <Divider />
          <Group justify="flex-end">
            <Button color="red" variant="light" onClick={() => setDeleting(true)} data-testid="card-delete">
              {t('pipelines.form.delete')}
            </Button>
          </Group>
        </>
      )}
      <ConfirmModal
        opened={deleting}
        title={t('pipelines.form.deleteTitle')}
        confirmLabel={t('pipelines.form.delete')}
        busy={remove.isPending}
        error={remove.isError ? cardErrorText(remove.error) : null}
        onConfirm={() => remove.mutate()}
        onClose={() => {
          remove.reset();
          setDeleting(false);
        }}
      >
        <Text size="sm">{t('pipelines.form.deleteBody', { name: card.name })}</Text>
      </ConfirmModal>
    </Stack>
  );
}

export function CardDialog({ pipelineId, cardId, onClose, contactId }: CardDialogProps) {
  const { t } = useTranslation();
  usePipelinesLive();
  const card = useQuery(cardQuery(pipelineId, cardId));
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={card.data?.name ?? t('pipelines.card.title')}
      data-testid="card-dialog"
    >
      <QueryBody query={card}>
        {(data) =>
          contactId !== undefined && data.contact.id !== contactId ? (
            <Alert color="red">{t('pipelines.errors.noContact')}</Alert>
          ) : (
            // Keyed by the card so its fields start from the card shown (another card: fresh fields).
            <CardBody key={data.id} card={data} onClose={onClose} inConversation={contactId !== undefined} />
          )
        }
      </QueryBody>
    </Modal>
  );
}
