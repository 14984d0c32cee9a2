// A card's comments (spec §9: 15 a page, newest first): write one, page through them, edit or delete those the
// server says the reader may change (their own; a supervisor's any).
import type { Comment } from '@atende/contract';
import { COMMENTS_PAGE_SIZE } from '@atende/contract';
import { Button, Group, Pagination, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useFormatters } from '../../lib/use-formatters.ts';
import { cardErrorText } from './card-errors.ts';
import { RemoveIconButton } from './RemoveIconButton.tsx';
import { addComment, commentsQuery, editComment, pipelineKeys, removeComment } from './pipeline-api.ts';

interface CardKey {
  pipelineId: string;
  cardId: string;
}

function CommentItem({ comment, card }: { comment: Comment; card: CardKey }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const client = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: pipelineKeys.comments(card.cardId) });
  const save = useMutation({
    mutationFn: (text: string) => editComment(card.pipelineId, card.cardId, comment.id, text),
    onSuccess: () => {
      setDraft(null);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => removeComment(card.pipelineId, card.cardId, comment.id),
    onSuccess: () => void refresh(),
  });
  const error = save.error ?? remove.error;
  return (
    <Paper withBorder p="xs" data-testid="card-comment">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" fw={600}>
          {comment.author?.name ?? t('pipelines.comments.unknownAuthor')}
          <Text span size="xs" c="dimmed" fw={400} ml={6}>
            {format.dateTime(comment.created_at)}
          </Text>
        </Text>
        {comment.editable && draft === null && (
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" variant="subtle" onClick={() => setDraft(comment.text)}>
              {t('pipelines.comments.edit')}
            </Button>
            <RemoveIconButton
              label={t('pipelines.comments.delete')}
              busy={remove.isPending}
              onClick={() => remove.mutate()}
            />
          </Group>
        )}
      </Group>
      {draft === null ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {comment.text}
        </Text>
      ) : (
        <Stack gap={4} mt={4}>
          <Textarea
            aria-label={t('pipelines.comments.edit')}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={5000}
          />
          <Group gap={4} justify="flex-end">
            <Button size="compact-xs" variant="default" onClick={() => setDraft(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              size="compact-xs"
              disabled={!draft.trim()}
              loading={save.isPending}
              onClick={() => save.mutate(draft)}
            >
              {t('pipelines.comments.save')}
            </Button>
          </Group>
        </Stack>
      )}
      {error && (
        <Text size="xs" c="red" role="alert">
          {cardErrorText(error)}
        </Text>
      )}
    </Paper>
  );
}

export function CardComments({ pipelineId, cardId }: CardKey) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const comments = useQuery(commentsQuery(pipelineId, cardId, page));
  const add = useMutation({
    mutationFn: () => addComment(pipelineId, cardId, text),
    onSuccess: () => {
      setText('');
      setPage(1);
      void client.invalidateQueries({ queryKey: pipelineKeys.comments(cardId) });
    },
  });
  const pages = Math.max(1, Math.ceil((comments.data?.total ?? 0) / COMMENTS_PAGE_SIZE));
  // A comment deleted elsewhere can leave this page past the last one.
  if (comments.data && page > pages) setPage(pages);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (text.trim()) add.mutate();
  }

  return (
    <Stack gap="xs">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap={4}>
          <Textarea
            aria-label={t('pipelines.comments.new')}
            placeholder={t('pipelines.comments.new')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={5000}
            data-testid="comment-input"
          />
          {add.isError && (
            <Text size="xs" c="red" role="alert">
              {cardErrorText(add.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              size="xs"
              disabled={!text.trim()}
              loading={add.isPending}
              data-testid="comment-send"
            >
              {t('pipelines.comments.send')}
            </Button>
          </Group>
        </Stack>
      </form>
      {comments.data?.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('pipelines.comments.empty')}
        </Text>
      )}
      {comments.isError && (
        <Text size="sm" c="red">
          {cardErrorText(comments.error)}
        </Text>
      )}
      {comments.data?.data.map((comment) => (
        <CommentItem key={comment.id} comment={comment} card={{ pipelineId, cardId }} />
      ))}
      {pages > 1 && (
        <Pagination
          size="sm"
          total={pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`pipelines.comments.${control}`) })}
        />
      )}
    </Stack>
  );
}
