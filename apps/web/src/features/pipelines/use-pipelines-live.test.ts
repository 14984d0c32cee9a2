import type { CardList, CardSummary } from '@atende/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fixtures.ts';
import { pipelineKeys, type BoardFilters } from './pipeline-api.ts';
import { testCard, testPipeline } from './test-cards.ts';
import { handleCardEvent } from './use-pipelines-live.ts';

const pipeline = testPipeline;
const card = (id: string, extra: Partial<CardSummary> = {}) => testCard(id, 's1', 1, extra);
const open: BoardFilters = { status: 'open', labelId: null, responsibleId: null, q: '' };
const all: BoardFilters = { ...open, status: 'all' };

function clientWithBoards() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(pipelineKeys.list, { data: [pipeline] });
  client.setQueryData<CardList>(pipelineKeys.board('p', open), { data: [card('a')] });
  client.setQueryData<CardList>(pipelineKeys.board('p', all), { data: [card('a')] });
  client.setQueryData<CardList>(pipelineKeys.board('other', all), {
    data: [card('a', { pipeline_id: 'other' })],
  });
  return client;
}
const board = (client: QueryClient, pipelineId: string, filters: BoardFilters) =>
  client.getQueryData<CardList>(pipelineKeys.board(pipelineId, filters))?.data;

afterEach(() => vi.unstubAllGlobals());

describe('pipeline.card on the cached boards', () => {
  it('moves the card on every board of its pipeline at once: out of the open view, into the final list of all', () => {
    const { calls } = stubApi({});
    const client = clientWithBoards();
    handleCardEvent(client, {
      pipeline_id: 'p',
      card_id: 'a',
      step_id: 's3',
      position: 3,
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    expect(board(client, 'p', open)).toEqual([]);
    expect(board(client, 'p', all)).toEqual([card('a', { step_id: 's3', position: 3, finished: true })]);
    expect(board(client, 'other', all)![0]!.step_id).toBe('s1');
    // Only a place changed: nothing to fetch.
    expect(calls.filter((call) => call.path.startsWith('/pipeline/'))).toEqual([]);
  });

  it('fetches a card it does not know and adds it where the view shows it', async () => {
    const fresh = { ...card('n', { name: 'Novo negócio' }), description: '', attachments: [], author: null };
    const { calls } = stubApi({ 'GET /pipeline/p/item/n': { body: fresh } });
    const client = clientWithBoards();
    handleCardEvent(client, {
      pipeline_id: 'p',
      card_id: 'n',
      step_id: 's1',
      position: 2,
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    await vi.waitFor(() => expect(board(client, 'p', open)?.map((item) => item.id)).toEqual(['a', 'n']));
    expect(board(client, 'p', all)?.map((item) => item.id)).toEqual(['a', 'n']);
    // Both boards shared one fetch.
    expect(calls.filter((call) => call.path === '/pipeline/p/item/n')).toHaveLength(1);
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
    await vi.waitFor(() => expect(board(client, 'p', open)).toEqual([]));
  });
});
