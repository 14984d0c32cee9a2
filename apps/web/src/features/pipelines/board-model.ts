// The board's rules, apart from React so they are tested alone. A board is paged: each list holds the cards
// loaded so far (its first page, then the pages scrolled to), how many match in all and the cursor of its next
// page. Here: the lists as card ids, where a drop puts a card (the `after_id` the server expects), the same move
// applied to the cache at once, a colleague's change (the pipeline.card event: ids and place only) patched into
// the loaded pages and the counts, a next page appended, a fresh first page merged with what was scrolled to.
import type { Board, BoardStep, CardChanged, CardSummary, StepPage } from '@atende/contract';
import type { BoardFilters } from './pipeline-api.ts';

export type Columns = Record<string, string[]>;

const byPosition = (a: CardSummary, b: CardSummary) => a.position - b.position || a.id.localeCompare(b.id);

/** Each step's loaded card ids in their order; every step has a list, even an empty one. */
export function columnsOf(board: Board): Columns {
  return Object.fromEntries(board.data.map((step) => [step.id, step.items.map((card) => card.id)]));
}

/** The loaded card with this id, and the list that holds it. */
export function findLoaded(board: Board, cardId: string): { step: BoardStep; card: CardSummary } | null {
  for (const step of board.data) {
    const card = step.items.find((item) => item.id === cardId);
    if (card) return { step, card };
  }
  return null;
}

/** The step holding the id: a card's, or the list itself when the id is a step's (a drop on an empty list). */
export function containerOf(columns: Columns, id: string): string | null {
  if (id in columns) return id;
  return Object.keys(columns).find((stepId) => columns[stepId]!.includes(id)) ?? null;
}

/** Where the card sits in its list, as the server's move call says it: after the card before it (null: first). */
export function placementOf(columns: Columns, stepId: string, cardId: string): string | null {
  const list = columns[stepId] ?? [];
  const index = list.indexOf(cardId);
  return index > 0 ? list[index - 1]! : null;
}

/**
 * The columns with `activeId` moved next to `overId` (a card, or a list: its end). Used while dragging, so the
 * card shows where it will land; within one list the card takes the other's place.
 */
export function moveWithin(columns: Columns, activeId: string, overId: string): Columns {
  const from = containerOf(columns, activeId);
  const to = containerOf(columns, overId);
  if (!from || !to || activeId === overId) return columns;
  const source = columns[from]!.filter((id) => id !== activeId);
  if (from === to) {
    const target = [...columns[from]!];
    const oldIndex = target.indexOf(activeId);
    const newIndex = target.indexOf(overId);
    if (newIndex < 0) return columns;
    target.splice(oldIndex, 1);
    target.splice(newIndex, 0, activeId);
    return { ...columns, [from]: target };
  }
  const target = [...columns[to]!];
  const overIndex = target.indexOf(overId);
  target.splice(overIndex < 0 ? target.length : overIndex, 0, activeId);
  return { ...columns, [from]: source, [to]: target };
}

/** Whether the board with these filters shows the card. */
export function matchesBoard(card: CardSummary, filters: BoardFilters): boolean {
  if (filters.status === 'open' && card.finished) return false;
  if (filters.status === 'finished' && !card.finished) return false;
  if (filters.labelId && !card.label_ids.includes(filters.labelId)) return false;
  if (filters.responsibleId && card.responsible?.id !== filters.responsibleId) return false;
  const q = filters.q.trim().toLocaleLowerCase();
  return !q || card.name.toLocaleLowerCase().includes(q);
}

/**
 * Whether a card arriving in a list at `position` belongs to its loaded part: the whole list is loaded, or the
 * card sorts before the last loaded one. Past that it is only counted; its page brings it when scrolled to.
 */
function withinLoaded(step: BoardStep, position: number): boolean {
  const last = step.items.at(-1);
  return step.next_cursor === null || (last !== undefined && position <= last.position);
}

interface PlaceOptions {
  /** Leave out a card these filters do not show (omitted: keep it, as a drop does until the server answers). */
  filters?: BoardFilters;
  /** Show it in its list even past the loaded part (the user dropped it there, after a loaded card). */
  pinned?: boolean;
}

/**
 * The board with the card taken out of the list that shows it and, when `next` is given and the view shows it,
 * put in the list `next.step_id` in position order. Counts follow a loaded card (one less where it was, one more
 * where it goes); a card that was not loaded changes no count, as its former list is unknown: the caller recounts.
 */
export function placeCard(
  board: Board,
  cardId: string,
  next: CardSummary | null,
  options: PlaceOptions = {},
) {
  const from = findLoaded(board, cardId)?.step.id ?? null;
  const shown = next !== null && (!options.filters || matchesBoard(next, options.filters));
  return {
    data: board.data.map((step) => {
      let { items, total } = step;
      if (step.id === from) {
        items = items.filter((item) => item.id !== cardId);
        total -= 1;
      }
      if (shown && step.id === next.step_id) {
        if (from !== null) total += 1;
        const rest = { ...step, items };
        if (from === step.id || options.pinned || withinLoaded(rest, next.position))
          items = [...items, next].sort(byPosition);
      }
      return items === step.items && total === step.total ? step : { ...step, items, total };
    }),
  };
}

/** A position between the neighbours' (the server computes the real one; this orders the cache meanwhile). */
function positionAfter(items: readonly CardSummary[], afterId: string | null, cardId: string) {
  const list = items.filter((card) => card.id !== cardId);
  const index = afterId === null ? -1 : list.findIndex((card) => card.id === afterId);
  const before = index >= 0 ? list[index]!.position : null;
  const next = list[index + 1]?.position ?? null;
  if (before === null && next === null) return 0;
  if (before === null) return next! - 1;
  if (next === null) return before + 1;
  return (before + next) / 2;
}

/** The board with a dropped card moved to `stepId` after `afterId` (finished when the step is final). */
export function moveCard(board: Board, cardId: string, stepId: string, afterId: string | null): Board {
  const loaded = findLoaded(board, cardId);
  const step = board.data.find((candidate) => candidate.id === stepId);
  if (!loaded || !step) return board;
  const position = positionAfter(step.items, afterId, cardId);
  const moved = { ...loaded.card, step_id: stepId, position, finished: step.final };
  return placeCard(board, cardId, moved, { pinned: true });
}

export interface EventOutcome {
  board: Board;
  /** The event says more than a place (a card not loaded, changed fields): the card must be fetched. */
  fetch: boolean;
  /** The board cannot tell which counts changed (a card it had not loaded): the server must count again. */
  recount: boolean;
}

/** A colleague's change applied to a board: moved or removed at once; fetched or counted when it lacks the card. */
export function applyCardEvent(board: Board, filters: BoardFilters, event: CardChanged): EventOutcome {
  const loaded = findLoaded(board, event.card_id);
  const step = board.data.find((candidate) => candidate.id === event.step_id);
  if (event.step_id === null || event.position === null || !step) {
    // Deleted, or gone to a list this board does not have (its steps changed: pipeline.changed reloads it).
    return loaded
      ? { board: placeCard(board, event.card_id, null), fetch: false, recount: false }
      : { board, fetch: false, recount: true };
  }
  if (!loaded) {
    const wanted = filters.status === 'all' || (filters.status === 'finished') === step.final;
    // Fetched, it is placed and then recounted; otherwise it may still have left a list: recount now.
    return { board, fetch: wanted, recount: !wanted };
  }
  const stale = Date.parse(event.updated_at) > Date.parse(loaded.card.updated_at);
  if (loaded.step.id === event.step_id && loaded.card.position === event.position)
    return { board, fetch: stale, recount: false };
  const moved = { ...loaded.card, step_id: event.step_id, position: event.position, finished: step.final };
  return { board: placeCard(board, event.card_id, moved, { filters }), fetch: stale, recount: false };
}

/**
 * A fetched card (or its absence: deleted, no longer visible) put into a board. `recount` when the board had
 * not loaded it, so the counts it changed are the server's to tell.
 */
export function upsertCard(board: Board, filters: BoardFilters, cardId: string, fetched: CardSummary | null) {
  const recount = findLoaded(board, cardId) === null;
  return { board: placeCard(board, cardId, fetched, { filters }), recount };
}

/** A list's next page put after what it loaded (nothing when the list moved on meanwhile: a refetch, a page). */
export function appendPage(board: Board, stepId: string, cursor: string, page: StepPage): Board {
  return {
    data: board.data.map((step) => {
      if (step.id !== stepId || step.next_cursor !== cursor) return step;
      const fresh = new Set(page.data.map((card) => card.id));
      const items = [...step.items.filter((card) => !fresh.has(card.id)), ...page.data].sort(byPosition);
      return { ...step, items, next_cursor: page.next_cursor };
    }),
  };
}

/**
 * A freshly counted board (first pages and totals) over the one on screen: each list takes the server's first
 * page and count and keeps the cards it had loaded past that page, so a recount does not lose the scroll.
 */
export function mergeBoard(current: Board | undefined, fresh: Board): Board {
  const ids = new Set(fresh.data.flatMap((step) => step.items.map((card) => card.id)));
  return {
    data: fresh.data.map((step) => {
      const before = current?.data.find((candidate) => candidate.id === step.id);
      const last = step.items.at(-1);
      if (!before || step.next_cursor === null || !last) return step;
      const beyond = before.items.filter((card) => card.position > last.position && !ids.has(card.id));
      if (beyond.length === 0) return step;
      const items = [...step.items, ...beyond];
      // Its own cursor still points past the cards it keeps. A list that had loaded everything is whole when it
      // holds the count; otherwise cards came in past what it kept, and it asks again.
      const whole = before.next_cursor === null && items.length >= step.total;
      return { ...step, items, next_cursor: whole ? null : (before.next_cursor ?? step.next_cursor) };
    }),
  };
}
