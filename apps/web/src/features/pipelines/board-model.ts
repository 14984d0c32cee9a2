// The board's rules, apart from React so they are tested alone: cards grouped into their lists in order, where
// a drop puts a card (the `after_id` the server expects), the same move applied to the cache at once, and a
// colleague's change (the pipeline.card event: ids and place only) patched into what the board shows.
import type { CardChanged, CardSummary, PipelineStep } from '@atende/contract';
import type { BoardFilters } from './pipeline-api.ts';

export type Columns = Record<string, string[]>;

const byPosition = (a: CardSummary, b: CardSummary) => a.position - b.position || a.id.localeCompare(b.id);

/** Each step's card ids in their order; every step has a list, even an empty one. */
export function columnsOf(cards: readonly CardSummary[], steps: readonly PipelineStep[]): Columns {
  const columns: Columns = Object.fromEntries(steps.map((step) => [step.id, [] as string[]]));
  for (const card of [...cards].sort(byPosition)) columns[card.step_id]?.push(card.id);
  return columns;
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

/** A position between the neighbours' (the server computes the real one; this orders the cache meanwhile). */
function positionAfter(
  cards: readonly CardSummary[],
  stepId: string,
  afterId: string | null,
  cardId: string,
) {
  const list = cards.filter((card) => card.step_id === stepId && card.id !== cardId).sort(byPosition);
  const index = afterId === null ? -1 : list.findIndex((card) => card.id === afterId);
  const before = index >= 0 ? list[index]!.position : null;
  const next = list[index + 1]?.position ?? null;
  if (before === null && next === null) return 0;
  if (before === null) return next! - 1;
  if (next === null) return before + 1;
  return (before + next) / 2;
}

/** The cards with one moved to `stepId` after `afterId`, finished when the step is final. */
export function moveCard(
  cards: readonly CardSummary[],
  steps: readonly PipelineStep[],
  cardId: string,
  stepId: string,
  afterId: string | null,
): CardSummary[] {
  const position = positionAfter(cards, stepId, afterId, cardId);
  const finished = steps.find((step) => step.id === stepId)?.final ?? false;
  return cards.map((card) => (card.id === cardId ? { ...card, step_id: stepId, position, finished } : card));
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

export interface EventOutcome {
  cards: CardSummary[];
  /** The event says more than a place (a new card, changed fields): the card must be fetched. */
  fetch: boolean;
}

/** A colleague's change applied to a board: moved or removed at once; fetched when the board lacks its data. */
export function applyCardEvent(
  cards: readonly CardSummary[],
  steps: readonly PipelineStep[],
  filters: BoardFilters,
  event: CardChanged,
): EventOutcome {
  const known = cards.find((card) => card.id === event.card_id);
  if (event.step_id === null || event.position === null) {
    return { cards: cards.filter((card) => card.id !== event.card_id), fetch: false };
  }
  const step = steps.find((candidate) => candidate.id === event.step_id);
  if (!step) return { cards: [...cards], fetch: false };
  if (!known) {
    const wanted = filters.status === 'all' || (filters.status === 'finished') === step.final;
    return { cards: [...cards], fetch: wanted };
  }
  const moved = { ...known, step_id: event.step_id, position: event.position, finished: step.final };
  const rest = cards.filter((card) => card.id !== event.card_id);
  const stale = Date.parse(event.updated_at) > Date.parse(known.updated_at);
  if (!matchesBoard(moved, filters)) return { cards: rest, fetch: false };
  return { cards: cards.map((card) => (card.id === moved.id ? moved : card)), fetch: stale };
}

/** A fetched card (or its absence: deleted, no longer visible) put into a board's cards. */
export function upsertCard(
  cards: readonly CardSummary[],
  filters: BoardFilters,
  cardId: string,
  fetched: CardSummary | null,
): CardSummary[] {
  const rest = cards.filter((card) => card.id !== cardId);
  if (!fetched || !matchesBoard(fetched, filters)) return rest;
  return cards.some((card) => card.id === cardId)
    ? cards.map((card) => (card.id === cardId ? fetched : card))
    : [...cards, fetched];
}
