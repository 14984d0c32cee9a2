import type { Board, CardSummary } from '@atende/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fixtures.ts';
import { boardQuery, pipelineKeys, type BoardFilters } from './pipeline-api.ts';
import { testBoard, testCard } from './test-cards.ts';
import { handleCardEvent } from './use-pipelines-live.ts';

const card = (id: string, extra: Partial<CardSummary> = {}) => testCard(id, 's1', 1, extra);
const open: BoardFilters = { status: 'open', labelId: null, responsibleId: null, q: '' };
const all: BoardFilters = { ...open, status: 'all' };
const at = '2026-01-01T00:00:00.000Z';

function clientWithBoards() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<Board>(pipelineKeys.board('p', open), testBoard([card('a')]));
  client.setQueryData<Board>(pipelineKeys.board('p', all), testBoard([card('a')]));
  client.setQueryData<Board>(
    pipelineKeys.board('other', all),
    testBoard([card('a', { pipeline_id: 'other' })]),
  );
  return client;
}
/** The board as a page on screen uses it: observed, so a recount asks the server at once. */
function watch(client: QueryClient, filters: BoardFilters) {
  return new QueryObserver(client, { ...boardQuery('p', filters), staleTime: Infinity }).subscribe(() => {});
}
const board = (client: QueryClient, pipelineId: string, filters: BoardFilters) =>
  client.getQueryData<Board>(pipelineKeys.board(pipelineId, filters));
const ids = (value: Board | undefined, stepId: string) =>
  value?.data.find((step) => step.id === stepId)?.items.map((item) => item.id);
const total = (value: Board | undefined, stepId: string) =>
  value?.data.find((step) => step.id === stepId)?.total;

afterEach(() => vi.unstubAllGlobals());

describe('pipeline.card on the cached boards', () => {
  it('moves the card on every board of its pipeline at once: out of the open view, into the final list of all', () => {
    const { calls } = stubApi({});
    const client = clientWithBoards();
    handleCardEvent(client, { pipeline_id: 'p', card_id: 'a', step_id: 's3', position: 3, updated_at: at });
    expect(ids(board(client, 'p', open), 's1')).toEqual([]);
    expect(total(board(client, 'p', open), 's1')).toBe(0);
    expect(ids(board(client, 'p', all), 's3')).toEqual(['a']);
    expect(board(client, 'p', all)?.data.map((step) => step.total)).toEqual([0, 0, 1]);
    expect(ids(board(client, 'other', all), 's1')).toEqual(['a']);
    // Only a place changed: nothing to fetch, nothing to count.
    expect(calls.filter((call) => call.path.startsWith('/pipeline/'))).toEqual([]);
  });

  it('fetches a card it had not loaded, adds it where the view shows it and has the board recounted', async () => {
    const fresh = { ...card('n', { name: 'Novo negócio' }), description: '', attachments: [], author: null };
    const counted = testBoard([card('a'), card('n')]);
    const { calls } = stubApi({
      'GET /pipeline/p/item/n': { body: fresh },
      'GET /pipeline/p/board': { body: counted },
    });
    const client = clientWithBoards();
    const stop = watch(client, open);
    handleCardEvent(client, { pipeline_id: 'p', card_id: 'n', step_id: 's1', position: 2, updated_at: at });
    await vi.waitFor(() => expect(ids(board(client, 'p', open), 's1')).toEqual(['a', 'n']));
    expect(ids(board(client, 'p', all), 's1')).toEqual(['a', 'n']);
    // Both boards shared one fetch of the card; only the board on screen asked for its counts.
    expect(calls.filter((call) => call.path === '/pipeline/p/item/n')).toHaveLength(1);
    await vi.waitFor(() => expect(total(board(client, 'p', open), 's1')).toBe(2));
    const recounts = calls.filter((call) => call.path === '/pipeline/p/board');
    expect(recounts).toHaveLength(1);
    expect(recounts[0]!.query).toMatchObject({ status: 'open' });
    expect(client.getQueryState(pipelineKeys.board('p', all))?.isInvalidated).toBe(true);
    stop();
  });

  it('asks the server to count again when a card it had not loaded is deleted', async () => {
    const { calls } = stubApi({
      'GET /pipeline/p/board': { body: testBoard([card('a')], { s2: { total: 0, next_cursor: null } }) },
    });
    const client = clientWithBoards();
    client.setQueryData<Board>(
      pipelineKeys.board('p', open),
      testBoard([card('a'), testCard('x', 's2', 1)], { s2: { total: 70, next_cursor: 'c1' } }),
    );
    const stop = watch(client, open);
    handleCardEvent(client, {
      pipeline_id: 'p',
      card_id: 'gone',
      step_id: null,
      position: null,
      updated_at: at,
    });
    await vi.waitFor(() => expect(total(board(client, 'p', open), 's2')).toBe(0));
    expect(calls.filter((call) => call.path === '/pipeline/p/board')).toHaveLength(1);
    stop();
  });

  it('drops a card that is gone for this reader', async () => {
    stubApi({
      'GET /pipeline/p/item/a': { status: 404, body: { message: 'Não encontrado', code: 'not_found' } },
    });
    const client = clientWithBoards();
    handleCardEvent(client, {
      pipeline_id: 'p',
      card_id: 'a',
      step_id: 's1',
      position: 1,
      updated_at: '2026-03-01T00:00:00.000Z',
    });
    await vi.waitFor(() => expect(ids(board(client, 'p', open), 's1')).toEqual([]));
    expect(total(board(client, 'p', open), 's1')).toBe(0);
  });
});
