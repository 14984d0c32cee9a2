// One card on the board or in a customer's list: cover, name, customer, labels, rating, responsible and how many
// comments and files it has. On the board it is also the drag handle (SortableCardTile).
import type { CardSummary, PipelineLabel } from '@atende/contract';
import { Avatar, Group, Rating, Stack, Text, Tooltip } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import type { CSSProperties, KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { initialsOf } from '../../lib/initials.ts';
import classes from './Board.module.css';
import { LabelBadge } from './LabelBadge.tsx';

interface CardFaceProps {
  card: CardSummary;
  labels: readonly PipelineLabel[];
}

export function CardFace({ card, labels }: CardFaceProps) {
  const { t } = useTranslation();
  const shown = labels.filter((label) => card.label_ids.includes(label.id));
  return (
    <>
      {card.cover_url && <img className={classes.cover} src={card.cover_url} alt="" loading="lazy" />}
      <Stack gap={4} className={classes.tileBody}>
        {shown.length > 0 && (
          <Group gap={4}>
            {shown.map((label) => (
              <LabelBadge key={label.id} label={label} />
            ))}
          </Group>
        )}
        <Text size="sm" fw={500} lineClamp={3}>
          {card.name}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {card.contact.name}
        </Text>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            {card.rating > 0 && (
              <Rating
                value={card.rating}
                readOnly
                size="xs"
                aria-label={t('pipelines.card.ratingValue', { rating: card.rating })}
              />
            )}
            {card.comments_count > 0 && (
              <Text size="xs" c="dimmed">
                {t('pipelines.card.comments', { count: card.comments_count })}
              </Text>
            )}
            {card.attachments_count > 0 && (
              <Text size="xs" c="dimmed">
                {t('pipelines.card.files', { count: card.attachments_count })}
              </Text>
            )}
          </Group>
          {card.responsible && (
            <Tooltip label={card.responsible.name}>
              <Avatar
                size={22}
                radius="xl"
                color="initials"
                name={card.responsible.name}
                aria-label={t('pipelines.card.responsibleIs', { name: card.responsible.name })}
              >
                {initialsOf(card.responsible.name)}
              </Avatar>
            </Tooltip>
          )}
        </Group>
      </Stack>
    </>
  );
}

interface SortableCardTileProps extends CardFaceProps {
  onOpen: (card: CardSummary) => void;
}

/** A board card: dragged with mouse, touch or keyboard (Space picks it up), opened with a click or Enter. */
export function SortableCardTile({ card, labels, onOpen }: SortableCardTileProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: card.id,
  });
  const style: CSSProperties = {
    transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
    transition,
  };
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Enter' && !isDragging) {
      event.preventDefault();
      onOpen(card);
      return;
    }
    listeners?.onKeyDown?.(event);
  }
  return (
    <div
      ref={setNodeRef}
      style={style}
      className={`${classes.tile} ${isDragging ? classes.dragging : ''}`}
      {...attributes}
      {...listeners}
      onKeyDown={handleKeyDown}
      onClick={() => onOpen(card)}
      data-testid="pipeline-card"
      data-card-id={card.id}
    >
      <CardFace card={card} labels={labels} />
    </div>
  );
}
