// A card's files: upload one at a time (checked by the server like message files), see images in small and
// open any file, choose an image as the card's cover or take the cover off (spec §4), remove a file.
import type { Card } from '@atende/contract';
import { Anchor, Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PlusIcon } from '../../components/Icons.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { cardErrorText } from './card-errors.ts';
import { RemoveIconButton } from './RemoveIconButton.tsx';
import { pipelineKeys, removeAttachment, setCover, uploadAttachment } from './pipeline-api.ts';

export function CardAttachments({ card }: { card: Card }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const store = (updated: Card) => client.setQueryData(pipelineKeys.card(card.id), updated);
  const upload = useMutation({
    mutationFn: (file: File) => uploadAttachment(card.pipeline_id, card.id, file),
    onSuccess: store,
  });
  const cover = useMutation({
    mutationFn: ({ id, on }: { id: string; on: boolean }) => setCover(card.pipeline_id, card.id, id, on),
    onSuccess: store,
  });
  const remove = useMutation({
    mutationFn: (id: string) => removeAttachment(card.pipeline_id, card.id, id),
    onSuccess: store,
  });
  const error = upload.error ?? cover.error ?? remove.error;

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t('pipelines.files.title')}
        </Text>
        <FileButton onChange={(file) => file && upload.mutate(file)}>
          {(props) => (
            <Button
              {...props}
              size="compact-sm"
              variant="light"
              leftSection={<PlusIcon size={14} />}
              loading={upload.isPending}
              data-testid="card-upload"
            >
              {t('pipelines.files.add')}
            </Button>
          )}
        </FileButton>
      </Group>
      {error && (
        <Text size="xs" c="red" role="alert">
          {cardErrorText(error)}
        </Text>
      )}
      {card.attachments.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('pipelines.files.empty')}
        </Text>
      )}
      {card.attachments.map((file) => (
        <Paper key={file.id} withBorder p={6} data-testid="card-attachment">
          <Group gap="xs" wrap="nowrap">
            {file.kind === 'image' && (
              <Anchor
                href={file.url}
                target="_blank"
                rel="noreferrer"
                aria-label={t('pipelines.files.open', { name: file.filename })}
              >
                <Image src={file.url} alt="" w={56} h={40} fit="cover" radius="sm" />
              </Anchor>
            )}
            <Anchor
              href={file.url}
              target="_blank"
              rel="noreferrer"
              size="sm"
              lineClamp={1}
              style={{ flex: 1 }}
            >
              {file.filename}
            </Anchor>
            {file.kind === 'image' && (
              <Button
                size="compact-xs"
                variant={file.cover ? 'filled' : 'default'}
                aria-pressed={file.cover}
                loading={cover.isPending && cover.variables?.id === file.id}
                onClick={() => cover.mutate({ id: file.id, on: !file.cover })}
                data-testid="card-cover-toggle"
              >
                {t('pipelines.files.cover')}
              </Button>
            )}
            <RemoveIconButton
              label={t('pipelines.files.remove')}
              busy={remove.isPending && remove.variables === file.id}
              onClick={() => remove.mutate(file.id)}
            />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
