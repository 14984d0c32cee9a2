import type { Board, BoardStep, CardChanged } from '@atende/contract';
import { describe, expect, it } from 'vitest';
import {
  appendPage,
  applyCardEvent,
  columnsOf,
  containerOf,
  matchesBoard,
  mergeBoard,
  moveCard,
  moveWithin,
  placeCard,
  placementOf,
  upsertCard,
} from './board-model.ts';
import type { BoardFilters } from './pipeline-api.ts';
import { testBoard, testCard } from './test-cards.ts';

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
const step = (board: Board, id: string): BoardStep => board.data.find((candidate) => candidate.id === id)!;
const counts = (board: Board) => Object.fromEntries(board.data.map((item) => [item.id, item.total]));

describe('board columns', () => {
  const board = testBoard([card('b', 's1', 2), card('a', 's1', 1), card('c', 's2', 1)]);

  it('lists the loaded cards of every step in position order, every step with a list', () => {
    expect(columnsOf(board)).toEqual({ s1: ['a', 'b'], s2: ['c'], s3: [] });
  });

  it('finds the list of a card or of a list id, and where a card sits for the server', () => {
    const columns = columnsOf(board);
    expect(containerOf(columns, 'b')).toBe('s1');
    expect(containerOf(columns, 's3')).toBe('s3');
    expect(containerOf(columns, 'zz')).toBeNull();
    expect(placementOf(columns, 's1', 'a')).toBeNull();
    expect(placementOf(columns, 's1', 'b')).toBe('a');
  });

  it('moves a card within a list, onto another card of another list, and to the end of an empty list', () => {
    const columns = columnsOf(board);
    expect(moveWithin(columns, 'a', 'b')).toMatchObject({ s1: ['b', 'a'] });
    expect(moveWithin(columns, 'b', 'c')).toMatchObject({ s1: ['a'], s2: ['b', 'c'] });
    expect(moveWithin(columns, 'c', 's3')).toMatchObject({ s2: [], s3: ['c'] });
    // Over itself or over its own list: nothing changes.
    expect(moveWithin(columns, 'a', 'a')).toBe(columns);
    expect(moveWithin(columns, 'a', 's1')).toBe(columns);
  });

  it('places a dropped card between its neighbours, finishes it in a final list and moves the counts', () => {
    const moved = moveCard(board, 'c', 's1', 'a');
    expect(columnsOf(moved).s1).toEqual(['a', 'c', 'b']);
    expect(counts(moved)).toEqual({ s1: 3, s2: 0, s3: 0 });
    expect(columnsOf(moveCard(board, 'b', 's1', null)).s1).toEqual(['b', 'a']);
    const finished = moveCard(board, 'a', 's3', null);
    expect(step(finished, 's3').items[0]).toMatchObject({ id: 'a', step_id: 's3', finished: true });
    expect(counts(finished)).toEqual({ s1: 1, s2: 1, s3: 1 });
  });

  it('keeps a card dropped after the last loaded one of a list that has more pages in view', () => {
    const paged = testBoard([card('a', 's1', 1), card('x', 's2', 1)], {
      s2: { total: 80, next_cursor: 'c1' },
    });
    const moved = moveCard(paged, 'a', 's2', 'x');
    expect(columnsOf(moved).s2).toEqual(['x', 'a']);
    expect(step(moved, 's2').total).toBe(81);
  });
});

describe('board pages', () => {
  const paged = testBoard([card('a', 's1', 1), card('b', 's1', 2)], { s1: { total: 4, next_cursor: 'c1' } });

  it('appends a next page in order, without twins, and stops at a null cursor', () => {
    const page = { data: [card('b', 's1', 2), card('c', 's1', 3), card('d', 's1', 4)], next_cursor: null };
    const next = appendPage(paged, 's1', 'c1', page);
    expect(columnsOf(next).s1).toEqual(['a', 'b', 'c', 'd']);
    expect(step(next, 's1').next_cursor).toBeNull();
    expect(step(next, 's1').total).toBe(4);
  });

  it('drops a page asked with a cursor the list no longer has (a refetch or another page came first)', () => {
    const page = { data: [card('z', 's1', 9)], next_cursor: null };
    expect(appendPage(paged, 's1', 'old', page)).toEqual(paged);
  });

  it('merges a fresh first page and count over the pages scrolled to, leaving out cards it moved', () => {
    const scrolled = testBoard(
      [card('a', 's1', 1), card('b', 's1', 2), card('c', 's1', 3), card('d', 's1', 4)],
      { s1: { total: 9, next_cursor: 'c4' } },
    );
    const fresh = testBoard([card('a', 's1', 1), card('n', 's1', 1.5), card('d', 's2', 1)], {
      s1: { total: 10, next_cursor: 'c2' },
    });
    const merged = mergeBoard(scrolled, fresh);
    expect(columnsOf(merged)).toEqual({ s1: ['a', 'n', 'b', 'c'], s2: ['d'], s3: [] });
    expect(step(merged, 's1')).toMatchObject({ total: 10, next_cursor: 'c4' });
    // A list the server answers whole is taken as it is.
    expect(mergeBoard(scrolled, testBoard([card('a', 's1', 1)]))).toEqual(testBoard([card('a', 's1', 1)]));
  });

  it('keeps a list scrolled to its end whole when the recount finds no more cards, and asks again when it does', () => {
    const whole = testBoard([card('a', 's1', 1), card('b', 's1', 2), card('c', 's1', 3)], {
      s1: { total: 3, next_cursor: null },
    });
    const recount = (total: number) =>
      testBoard([card('a', 's1', 1), card('b', 's1', 2)], { s1: { total, next_cursor: 'c2' } });
    expect(step(mergeBoard(whole, recount(3)), 's1')).toMatchObject({ total: 3, next_cursor: null });
    expect(columnsOf(mergeBoard(whole, recount(3))).s1).toEqual(['a', 'b', 'c']);
    expect(step(mergeBoard(whole, recount(4)), 's1').next_cursor).toBe('c2');
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
  const board = testBoard([card('a', 's1', 1), card('b', 's1', 2)]);

  it('moves a known card at once with its counts, without fetching when nothing else changed', () => {
    const outcome = applyCardEvent(board, open, event({}));
    expect(outcome).toMatchObject({ fetch: false, recount: false });
    expect(columnsOf(outcome.board)).toMatchObject({ s1: ['b'], s2: ['a'] });
    expect(counts(outcome.board)).toEqual({ s1: 1, s2: 1, s3: 0 });
    // The same event again (the mover's own echo) changes nothing.
    expect(applyCardEvent(outcome.board, open, event({})).board).toBe(outcome.board);
  });

  it('fetches a known card whose fields changed after the cached copy', () => {
    const outcome = applyCardEvent(board, open, event({ updated_at: '2026-02-01T00:00:00.000Z' }));
    expect(outcome.fetch).toBe(true);
  });

  it('removes a deleted card, and one that leaves the view by finishing, one less in its list', () => {
    const deleted = applyCardEvent(board, open, event({ step_id: null, position: null }));
    expect(columnsOf(deleted.board).s1).toEqual(['b']);
    expect(counts(deleted.board)).toEqual({ s1: 1, s2: 0, s3: 0 });
    const finished = applyCardEvent(board, open, event({ step_id: 's3' }));
    expect(columnsOf(finished.board).s1).toEqual(['b']);
    expect(counts(finished.board)).toEqual({ s1: 1, s2: 0, s3: 0 });
    const kept = applyCardEvent(board, all, event({ step_id: 's3' }));
    expect(step(kept.board, 's3').items[0]).toMatchObject({ id: 'a', finished: true });
    expect(counts(kept.board)).toEqual({ s1: 1, s2: 0, s3: 1 });
  });

  it('fetches a card it had not loaded when it lands where the view looks, and has the rest recounted', () => {
    expect(applyCardEvent(board, open, event({ card_id: 'n', step_id: 's1' }))).toMatchObject({
      fetch: true,
      recount: false,
    });
    expect(applyCardEvent(board, open, event({ card_id: 'n', step_id: 's3' }))).toMatchObject({
      fetch: false,
      recount: true,
    });
    expect(
      applyCardEvent(board, { ...open, status: 'finished' }, event({ card_id: 'n', step_id: 's3' })).fetch,
    ).toBe(true);
    // A deletion of a card it had not loaded: its list is unknown, the server counts again.
    expect(applyCardEvent(board, open, event({ card_id: 'n', step_id: null, position: null }))).toMatchObject(
      { fetch: false, recount: true },
    );
  });

  it('takes a loaded card that moves past the loaded part of a paged list out of view, still counted', () => {
    const paged = testBoard([card('a', 's1', 1), card('b', 's1', 2), card('x', 's2', 1)], {
      s2: { total: 60, next_cursor: 'c1' },
    });
    const far = applyCardEvent(paged, open, event({ step_id: 's2', position: 4000 }));
    expect(columnsOf(far.board)).toMatchObject({ s1: ['b'], s2: ['x'] });
    expect(counts(far.board)).toMatchObject({ s1: 1, s2: 61 });
    const near = applyCardEvent(paged, open, event({ step_id: 's2', position: 0.5 }));
    expect(columnsOf(near.board).s2).toEqual(['a', 'x']);
  });

  it('puts a fetched card in, or takes it out when it no longer matches or is gone', () => {
    const fresh = upsertCard(board, open, 'n', card('n', 's1', 3));
    expect(columnsOf(fresh.board).s1).toEqual(['a', 'b', 'n']);
    // It was not loaded: its count is the server's to tell.
    expect(fresh.recount).toBe(true);
    expect(step(fresh.board, 's1').total).toBe(2);
    const renamed = upsertCard(board, open, 'a', { ...card('a', 's1', 1), name: 'Novo' });
    expect(step(renamed.board, 's1').items[0]!.name).toBe('Novo');
    expect(renamed.recount).toBe(false);
    const unmatched = upsertCard(board, { ...open, q: 'zzz' }, 'a', card('a', 's1', 1));
    expect(columnsOf(unmatched.board).s1).toEqual(['b']);
    expect(step(unmatched.board, 's1').total).toBe(1);
    expect(columnsOf(upsertCard(board, open, 'a', null).board).s1).toEqual(['b']);
  });

  it('leaves a board alone when a card it does not show is removed', () => {
    expect(placeCard(board, 'zz', null)).toEqual(board);
  });
});
