// Cards and a pipeline for the pipeline feature's tests: Vendas with an open and a final list.
import type { Board, BoardStep, CardSummary, Pipeline } from '@atende/contract';

export const testPipeline: Pipeline = {
  id: 'p',
  name: 'Vendas',
  steps: [
    { id: 's1', name: 'Prospecção', position: 0, final: false },
    { id: 's2', name: 'Proposta', position: 1, final: false },
    { id: 's3', name: 'Fechado', position: 2, final: true },
  ],
  labels: [],
  team_ids: [],
  segment_ids: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

/** A card of Vendas in `step` (finished in the final one). */
export const testCard = (
  id: string,
  step = 's1',
  position = 1,
  extra: Partial<CardSummary> = {},
): CardSummary => ({
  id,
  pipeline_id: 'p',
  step_id: step,
  position,
  name: `Card ${id}`,
  contact: { id: 'c', name: 'Ana' },
  responsible: null,
  label_ids: [],
  rating: 0,
  finished: step === 's3',
  cover_url: null,
  comments_count: 0,
  attachments_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

/** Vendas' board holding these cards, each list whole unless `paged` gives its count and next cursor. */
export function testBoard(
  cards: readonly CardSummary[],
  paged: Record<string, Pick<BoardStep, 'total' | 'next_cursor'>> = {},
): Board {
  return {
    data: testPipeline.steps.map((step) => {
      const items = cards.filter((card) => card.step_id === step.id).sort((a, b) => a.position - b.position);
      return { ...step, items, total: items.length, next_cursor: null, ...paged[step.id] };
    }),
  };
}
