// The board as it renders a paged board: every list's count in its header, only the tiles in view of a long
// list in the DOM, and the next page asked (once) as the end of a list's loaded cards comes into view.
import type { Board as BoardData } from '@atende/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConsoleTexts } from '../../lib/i18n.ts';
import { stubApi } from '../../test/fixtures.ts';
import { Board } from './Board.tsx';
import { pipelineKeys, type BoardFilters } from './pipeline-api.ts';
import { testBoard, testCard, testPipeline } from './test-cards.ts';

const filters: BoardFilters = { status: 'open', labelId: null, responsibleId: null, q: '' };

function renderBoard(board: BoardData, viewportHeight: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(pipelineKeys.board('p', filters), board);
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        {/* jsdom lays nothing out: the lists' viewport and tile heights. */}
        <VirtuosoMockContext.Provider value={{ viewportHeight, itemHeight: 100 }}>
          <Board pipeline={testPipeline} filters={filters} board={board} onOpen={() => {}} />
        </VirtuosoMockContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return client;
}

const column = (stepId: string) =>
  screen.getAllByTestId('pipeline-column').find((element) => element.dataset.stepId === stepId)!;

beforeEach(async () => {
  await loadConsoleTexts();
});
afterEach(() => vi.unstubAllGlobals());

describe('Board', () => {
  it('shows each list’s count and only the tiles in view of a long list, asking nothing more yet', async () => {
    const cards = Array.from({ length: 50 }, (_, index) => testCard(`a${index}`, 's1', index + 1));
    const { calls } = stubApi({});
    renderBoard(
      testBoard([...cards, testCard('f', 's3', 1)], { s1: { total: 5000, next_cursor: 'c50' } }),
      300,
    );
    expect(within(column('s1')).getByTestId('pipeline-column-count').textContent).toBe('5000 cartões');
    expect(within(column('s3')).getByTestId('pipeline-column-count').textContent).toBe('1 cartão');
    expect(within(column('s2')).getByText('Nenhum cartão nesta lista')).toBeTruthy();
    // Not "0 cartão": Portuguese counts 0 as singular (CLDR), so an empty list has words of its own.
    expect(within(column('s2')).getByTestId('pipeline-column-count').textContent).toBe('Nenhum cartão');
    const tiles = within(column('s1')).getAllByTestId('pipeline-card').length;
    expect(tiles).toBeGreaterThan(0);
    expect(tiles).toBeLessThan(20);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.path.includes('/items'))).toEqual([]);
  });

  it('asks a list’s next page when the end of its loaded cards is in view', async () => {
    const { calls } = stubApi({
      'GET /pipeline/p/steps/s1/items': { body: { data: [testCard('c', 's1', 3)], next_cursor: null } },
    });
    const client = renderBoard(
      testBoard([testCard('a', 's1', 1), testCard('b', 's1', 2)], { s1: { total: 3, next_cursor: 'c2' } }),
      800,
    );
    await waitFor(() =>
      expect(
        client
          .getQueryData<BoardData>(pipelineKeys.board('p', filters))!
          .data[0]!.items.map((card) => card.id),
      ).toEqual(['a', 'b', 'c']),
    );
    expect(calls.filter((call) => call.path === '/pipeline/p/steps/s1/items')).toHaveLength(1);
  });
});
