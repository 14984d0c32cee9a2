// Cards and a pipeline for the pipeline feature's tests: Vendas with an open and a final list.
import type { CardSummary, Pipeline } from '@atende/contract';

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
