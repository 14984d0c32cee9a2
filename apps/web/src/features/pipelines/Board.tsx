// The board of one pipeline: its steps as lists, cards dragged between and within them with mouse, touch or
// keyboard (each step announced to screen readers). A drop calls the server's move with the card it now follows
// (`after_id`) and shows the move at once; a refusal ("card update problem") puts the board back as the server
// has it. Lists are paged and virtualised (BoardColumn), so a board of thousands stays fast; a drag reaches the
// tiles in view, and every list, whose body is a drop target of its own, also with the keyboard.
import type { Board as BoardData, CardSummary, Pipeline } from '@atende/contract';
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { notifyError } from '../../lib/notify.ts';
import { BoardColumn } from './BoardColumn.tsx';
import { CardFace } from './CardTile.tsx';
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
import { recountBoard } from './use-pipelines-live.ts';
import { useStepPages } from './use-step-pages.ts';

/** Droppables mount and unmount as virtualised lists scroll during a drag: measure them all along. */
const MEASURING = { droppable: { strategy: MeasuringStrategy.Always } };

interface BoardProps {
  pipeline: Pipeline;
  filters: BoardFilters;
  board: BoardData;
  onOpen: (card: CardSummary) => void;
}

export function Board({ pipeline, filters, board, onOpen }: BoardProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = pipelineKeys.board(pipeline.id, filters);
  const pages = useStepPages(pipeline.id, filters);
  const settled = useMemo(() => columnsOf(board), [board]);
  const cardsById = useMemo(
    () => new Map(board.data.flatMap((step) => step.items.map((card) => [card.id, card] as const))),
    [board],
  );
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
  // A list's count: the server's, with the card a drag moved in or out of it meanwhile.
  const totalOf = (stepId: string, shown: Columns) =>
    (board.data.find((step) => step.id === stepId)?.total ?? 0) +
    (shown[stepId]?.length ?? 0) -
    (settled[stepId]?.length ?? 0);
  const placeOf = (id: string | number) => {
    const stepId = containerOf(latest.current, String(id));
    const step = board.data.find((candidate) => candidate.id === stepId);
    const list = stepId ? latest.current[stepId]! : [];
    const index = list.indexOf(String(id));
    const total = stepId ? totalOf(stepId, latest.current) : 0;
    return { list: step?.name ?? '', position: index < 0 ? list.length + 1 : index + 1, total };
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
    client.setQueryData<BoardData>(key, (current) =>
      current ? moveCard(current, cardId, stepId, afterId) : current,
    );
    updateCard(pipeline.id, stepId, cardId, { after_id: afterId })
      .then((updated) => {
        const current = client.getQueryData<BoardData>(key);
        if (!current) return;
        const placed = upsertCard(current, filters, cardId, updated);
        client.setQueryData<BoardData>(key, placed.board);
        if (placed.recount) void recountBoard(client, key);
      })
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
      measuring={MEASURING}
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
        {board.data.map((step) => (
          <BoardColumn
            key={step.id}
            step={step}
            ids={columns[step.id] ?? []}
            total={totalOf(step.id, columns)}
            cardsById={cardsById}
            labels={pipeline.labels}
            loading={pages.isLoading(step.id)}
            onOpen={onOpen}
            onEndReached={pages.loadMore}
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
