// One list of the board: its name and how many cards match in all, and its loaded cards virtualised
// (react-virtuoso), so a list of thousands keeps only the tiles in view in the DOM; the next page is asked as
// the end of what it loaded comes near. The list is a drop target of its own, so an empty one takes cards too.
import type { BoardStep, CardSummary, PipelineLabel } from '@atende/contract';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Badge, Center, Group, Loader, Text } from '@mantine/core';
import { memo, useMemo } from 'react';
import { Virtuoso } from 'react-virtuoso';
import { useTranslation } from '../../lib/i18n.ts';
import classes from './Board.module.css';
import { SortableCardTile } from './CardTile.tsx';

/** Tiles rendered beyond the visible part of a list, in pixels: a fast wheel shows no blank space. */
const OVERSCAN_PX = 600;
const TILE_HEIGHT_PX = 96;

interface BoardColumnProps {
  step: BoardStep;
  /** The list's loaded card ids in the order shown (while dragging, with the dragged card where it would land). */
  ids: string[];
  /** How many cards match in all (the server's count, and the dragged card while it is over this list). */
  total: number;
  cardsById: ReadonlyMap<string, CardSummary>;
  labels: readonly PipelineLabel[];
  loading: boolean;
  onOpen: (card: CardSummary) => void;
  onEndReached: (stepId: string) => void;
}

export const BoardColumn = memo(function BoardColumn({
  step,
  ids,
  total,
  cardsById,
  labels,
  loading,
  onOpen,
  onEndReached,
}: BoardColumnProps) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: step.id });
  const components = useMemo(
    () => ({
      Footer: () =>
        loading ? (
          <Center p="xs">
            <Loader size="xs" role="status" aria-label={t('common.loading')} />
          </Center>
        ) : null,
      EmptyPlaceholder: () => (
        <Text size="xs" c="dimmed" ta="center" py="sm">
          {t('pipelines.board.emptyList')}
        </Text>
      ),
    }),
    [loading, t],
  );
  return (
    <section
      className={classes.column}
      aria-label={step.name}
      data-testid="pipeline-column"
      data-step-id={step.id}
    >
      <Group className={classes.columnHeader} justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm" lineClamp={1}>
          {step.name}
        </Text>
        <Group gap={6} wrap="nowrap">
          {step.final && (
            <Badge size="xs" color="teal" variant="light">
              {t('pipelines.board.final')}
            </Badge>
          )}
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="pipeline-column-count">
            {t('pipelines.board.count', { count: total })}
          </Text>
        </Group>
      </Group>
      <div ref={setNodeRef} className={`${classes.columnBody} ${isOver ? classes.columnOver : ''}`}>
        <SortableContext id={step.id} items={ids} strategy={verticalListSortingStrategy}>
          <Virtuoso
            className={classes.columnScroller}
            data={ids}
            computeItemKey={(_, id) => id}
            itemContent={(_, id) => {
              const card = cardsById.get(id);
              return (
                <div className={classes.slot}>
                  {card && <SortableCardTile card={card} labels={labels} onOpen={onOpen} />}
                </div>
              );
            }}
            endReached={() => onEndReached(step.id)}
            increaseViewportBy={OVERSCAN_PX}
            defaultItemHeight={TILE_HEIGHT_PX}
            components={components}
            data-testid="pipeline-column-scroller"
          />
        </SortableContext>
      </div>
    </section>
  );
});
