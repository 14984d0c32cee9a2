import type { CardChanged } from '@atende/contract';
import { describe, expect, it } from 'vitest';
import {
  applyCardEvent,
  columnsOf,
  containerOf,
  matchesBoard,
  moveCard,
  moveWithin,
  placementOf,
  upsertCard,
} from './board-model.ts';
import type { BoardFilters } from './pipeline-api.ts';
import { testCard, testPipeline } from './test-cards.ts';

const steps = testPipeline.steps;
const card = testCard;
const open: BoardFilters = { status: 'open', labelId: null, responsibleId: null, q: '' };
const all: BoardFilters = { ...open, status: 'all' };
const event = (extra: Partial<CardChanged>): CardChanged => ({
  pipeline_id: 'p',
  card_id: 'a',
  step_id: 's2',
  position: 5,
  updated_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('board columns', () => {
  const cards = [card('b', 's1', 2), card('a', 's1', 1), card('c', 's2', 1)];

  it('groups cards by step in position order, every step with a list', () => {
    expect(columnsOf(cards, steps)).toEqual({ s1: ['a', 'b'], s2: ['c'], s3: [] });
  });

  it('finds the list of a card or of a list id, and where a card sits for the server', () => {
    const columns = columnsOf(cards, steps);
    expect(containerOf(columns, 'b')).toBe('s1');
    expect(containerOf(columns, 's3')).toBe('s3');
    expect(containerOf(columns, 'zz')).toBeNull();
    expect(placementOf(columns, 's1', 'a')).toBeNull();
    expect(placementOf(columns, 's1', 'b')).toBe('a');
  });

  it('moves a card within a list, onto another card of another list, and to the end of an empty list', () => {
    const columns = columnsOf(cards, steps);
    expect(moveWithin(columns, 'a', 'b')).toMatchObject({ s1: ['b', 'a'] });
    expect(moveWithin(columns, 'b', 'c')).toMatchObject({ s1: ['a'], s2: ['b', 'c'] });
    expect(moveWithin(columns, 'c', 's3')).toMatchObject({ s2: [], s3: ['c'] });
    // Over itself or over its own list: nothing changes.
    expect(moveWithin(columns, 'a', 'a')).toBe(columns);
    expect(moveWithin(columns, 'a', 's1')).toBe(columns);
  });

  it('places a moved card between its neighbours and finishes it in a final list', () => {
    const moved = moveCard(cards, steps, 'c', 's1', 'a');
    expect(columnsOf(moved, steps).s1).toEqual(['a', 'c', 'b']);
    expect(columnsOf(moveCard(cards, steps, 'b', 's1', null), steps).s1).toEqual(['b', 'a']);
    const finished = moveCard(cards, steps, 'a', 's3', null);
    expect(finished.find((item) => item.id === 'a')).toMatchObject({ step_id: 's3', finished: true });
  });
});

describe('board filters', () => {
  it('follows open / finished / all, label, responsible and text', () => {
    const labelled = card('a', 's1', 1, {
      label_ids: ['l1'],
      responsible: { id: 'u1', name: 'Bia' },
      name: 'Plano anual',
    });
    expect(matchesBoard(labelled, open)).toBe(true);
    expect(matchesBoard(labelled, { ...open, status: 'finished' })).toBe(false);
    expect(matchesBoard(card('f', 's3', 1), open)).toBe(false);
    expect(matchesBoard(labelled, { ...open, labelId: 'l2' })).toBe(false);
    expect(matchesBoard(labelled, { ...open, responsibleId: 'u2' })).toBe(false);
    expect(matchesBoard(labelled, { ...open, q: 'ANUAL' })).toBe(true);
    expect(matchesBoard(labelled, { ...open, q: 'mensal' })).toBe(false);
  });
});

describe('realtime card events', () => {
  const cards = [card('a', 's1', 1), card('b', 's1', 2)];

  it('moves a known card at once, without fetching when nothing else changed', () => {
    const outcome = applyCardEvent(cards, steps, open, event({}));
    expect(outcome.fetch).toBe(false);
    expect(columnsOf(outcome.cards, steps)).toMatchObject({ s1: ['b'], s2: ['a'] });
  });

  it('fetches a known card whose fields changed after the cached copy', () => {
    const outcome = applyCardEvent(cards, steps, open, event({ updated_at: '2026-02-01T00:00:00.000Z' }));
    expect(outcome.fetch).toBe(true);
  });

  it('removes a deleted card, and one that leaves the view by finishing', () => {
    expect(applyCardEvent(cards, steps, open, event({ step_id: null, position: null })).cards).toHaveLength(
      1,
    );
    const finished = applyCardEvent(cards, steps, open, event({ step_id: 's3' }));
    expect(finished.cards.map((item) => item.id)).toEqual(['b']);
    const kept = applyCardEvent(cards, steps, all, event({ step_id: 's3' }));
    expect(kept.cards.find((item) => item.id === 'a')).toMatchObject({ step_id: 's3', finished: true });
  });

  it('fetches an unknown card only when it lands where the view looks', () => {
    expect(applyCardEvent(cards, steps, open, event({ card_id: 'n', step_id: 's1' })).fetch).toBe(true);
    expect(applyCardEvent(cards, steps, open, event({ card_id: 'n', step_id: 's3' })).fetch).toBe(false);
    expect(
      applyCardEvent(cards, steps, { ...open, status: 'finished' }, event({ card_id: 'n', step_id: 's3' }))
        .fetch,
    ).toBe(true);
  });

  it('puts a fetched card in, or takes it out when it no longer matches or is gone', () => {
    const fresh = card('n', 's1', 3);
    expect(upsertCard(cards, open, 'n', fresh).map((item) => item.id)).toEqual(['a', 'b', 'n']);
    expect(upsertCard(cards, open, 'a', { ...cards[0]!, name: 'Novo' })[0]!.name).toBe('Novo');
    expect(upsertCard(cards, { ...open, q: 'zzz' }, 'a', cards[0]!).map((item) => item.id)).toEqual(['b']);
    expect(upsertCard(cards, open, 'a', null).map((item) => item.id)).toEqual(['b']);
  });
});
