// The board of one pipeline: its steps as lists, cards dragged between and within them with mouse, touch or
// keyboard (each step announced to screen readers). A drop calls the server's move with the card it now follows
// (`after_id`) and shows the move at once; a refusal ("card update problem") puts the board back as the server
// has it. A list renders its first cards and more on request, so a board of thousands stays fast.
import type { CardList, CardSummary, Pipeline } from '@atende/contract';
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { notifyError } from '../../lib/notify.ts';
import { CardFace, SortableCardTile } from './CardTile.tsx';
import classes from './Board.module.css';
import {
  columnsOf,
  containerOf,
  moveCard,
  moveWithin,
  placementOf,
  upsertCard,
  type Columns,
} from './board-model.ts';
import { pipelineKeys, updateCard, type BoardFilters } from './pipeline-api.ts';

/** Cards a list renders before "show more" (and how many more each time). */
export const COLUMN_PAGE = 50;

interface BoardProps {
  pipeline: Pipeline;
  filters: BoardFilters;
  cards: readonly CardSummary[];
  onOpen: (card: CardSummary) => void;
}

function BoardColumn({
  step,
  ids,
  cardsById,
  pipeline,
  onOpen,
}: {
  step: Pipeline['steps'][number];
  ids: string[];
  cardsById: Map<string, CardSummary>;
  pipeline: Pipeline;
  onOpen: (card: CardSummary) => void;
}) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(COLUMN_PAGE);
  const { setNodeRef, isOver } = useDroppable({ id: step.id });
  const shown = ids.slice(0, limit);
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
        <Group gap={4} wrap="nowrap">
          {step.final && (
            <Badge size="xs" color="teal" variant="light">
              {t('pipelines.board.final')}
            </Badge>
          )}
          <Badge size="sm" variant="default" aria-label={t('pipelines.board.count', { count: ids.length })}>
            {ids.length}
          </Badge>
        </Group>
      </Group>
      <div ref={setNodeRef} className={`${classes.columnBody} ${isOver ? classes.columnOver : ''}`}>
        <SortableContext id={step.id} items={shown} strategy={verticalListSortingStrategy}>
          {shown.map((id) => {
            const card = cardsById.get(id);
            return card ? (
              <SortableCardTile key={id} card={card} labels={pipeline.labels} onOpen={onOpen} />
            ) : null;
          })}
        </SortableContext>
        {ids.length === 0 && (
          <Text size="xs" c="dimmed" ta="center" py="sm">
            {t('pipelines.board.emptyList')}
          </Text>
        )}
        {ids.length > limit && (
          <Button variant="subtle" size="compact-xs" onClick={() => setLimit(limit + COLUMN_PAGE)}>
            {t('pipelines.board.showMore', { count: Math.min(COLUMN_PAGE, ids.length - limit) })}
          </Button>
        )}
      </div>
    </section>
  );
}

export function Board({ pipeline, filters, cards, onOpen }: BoardProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = pipelineKeys.board(pipeline.id, filters);
  const settled = useMemo(() => columnsOf(cards, pipeline.steps), [cards, pipeline.steps]);
  const cardsById = useMemo(() => new Map(cards.map((card) => [card.id, card])), [cards]);
  const [dragged, setDragged] = useState<Columns | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const columns = dragged ?? settled;
  // The announcements read the columns of the moment, not those of the render they were made in.
  const latest = useRef(columns);
  latest.current = columns;

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      // Enter opens the card; Space picks it up and drops it.
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  const nameOf = (id: string | number) => cardsById.get(String(id))?.name ?? '';
  const placeOf = (id: string | number) => {
    const stepId = containerOf(latest.current, String(id));
    const step = pipeline.steps.find((candidate) => candidate.id === stepId);
    const list = stepId ? latest.current[stepId]! : [];
    const index = list.indexOf(String(id));
    return { list: step?.name ?? '', position: index < 0 ? list.length + 1 : index + 1, total: list.length };
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('pipelines.dnd.picked', { name: nameOf(active.id), ...placeOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('pipelines.dnd.over', { name: nameOf(active.id), ...placeOf(active.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('pipelines.dnd.dropped', { name: nameOf(active.id), ...placeOf(active.id) })
        : t('pipelines.dnd.cancelled', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('pipelines.dnd.cancelled', { name: nameOf(active.id) }),
  };

  function handleDragStart({ active }: DragStartEvent) {
    setActiveId(String(active.id));
    setDragged(settled);
  }

  // Across lists the card joins the other list as soon as it is over it (the list makes room for it).
  function handleDragOver({ active, over }: DragOverEvent) {
    if (!over || !dragged) return;
    const from = containerOf(dragged, String(active.id));
    const to = containerOf(dragged, String(over.id));
    if (from && to && from !== to) setDragged(moveWithin(dragged, String(active.id), String(over.id)));
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    const cardId = String(active.id);
    const final = over && dragged ? moveWithin(dragged, cardId, String(over.id)) : null;
    setDragged(null);
    setActiveId(null);
    if (!final) return;
    const stepId = containerOf(final, cardId);
    const card = cardsById.get(cardId);
    if (!stepId || !card) return;
    const afterId = placementOf(final, stepId, cardId);
    if (stepId === card.step_id && afterId === placementOf(settled, stepId, cardId)) return;
    client.setQueryData<CardList>(key, (current) =>
      current ? { data: moveCard(current.data, pipeline.steps, cardId, stepId, afterId) } : current,
    );
    updateCard(pipeline.id, stepId, cardId, { after_id: afterId })
      .then((updated) =>
        client.setQueryData<CardList>(key, (current) =>
          current ? { data: upsertCard(current.data, filters, cardId, updated) } : current,
        ),
      )
      .catch(() => {
        notifyError(t('pipelines.errors.update'));
        void client.invalidateQueries({ queryKey: key });
      });
  }

  const active = activeId ? cardsById.get(activeId) : undefined;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={handleDragStart}
      onDragOver={handleDragOver}
      onDragEnd={handleDragEnd}
      onDragCancel={() => {
        setDragged(null);
        setActiveId(null);
      }}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('pipelines.dnd.instructions') },
      }}
    >
      <div className={classes.board} data-testid="pipeline-board">
        {pipeline.steps.map((step) => (
          <BoardColumn
            key={step.id}
            step={step}
            ids={columns[step.id] ?? []}
            cardsById={cardsById}
            pipeline={pipeline}
            onOpen={onOpen}
          />
        ))}
      </div>
      <DragOverlay>
        {active ? (
          <div className={classes.tile}>
            <CardFace card={active} labels={pipeline.labels} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
