// A list's next page: asked with the list's cursor, once at a time, appended in order, never past the end.
import type { Board } from '@atende/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fixtures.ts';
import { pipelineKeys, type BoardFilters } from './pipeline-api.ts';
import { testBoard, testCard } from './test-cards.ts';
import { useStepPages } from './use-step-pages.ts';

const filters: BoardFilters = { status: 'open', labelId: null, responsibleId: 'u1', q: ' plano ' };

function setUp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<Board>(
    pipelineKeys.board('p', filters),
    testBoard([testCard('a', 's1', 1), testCard('b', 's1', 2)], { s1: { total: 3, next_cursor: 'c2' } }),
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useStepPages('p', filters), { wrapper });
  return { client, result };
}

afterEach(() => vi.unstubAllGlobals());

describe('useStepPages', () => {
  it('asks one page at a time with the cursor and filters, appends it and stops at the end', async () => {
    const { calls } = stubApi({
      'GET /pipeline/p/steps/s1/items': { body: { data: [testCard('c', 's1', 3)], next_cursor: null } },
    });
    const { client, result } = setUp();
    act(() => {
      result.current.loadMore('s1');
      result.current.loadMore('s1');
    });
    expect(result.current.isLoading('s1')).toBe(true);
    await waitFor(() => expect(result.current.isLoading('s1')).toBe(false));
    const pages = calls.filter((call) => call.path === '/pipeline/p/steps/s1/items');
    expect(pages).toHaveLength(1);
    expect(pages[0]!.query).toEqual({ status: 'open', responsible_id: 'u1', q: 'plano', cursor: 'c2' });
    const step = client.getQueryData<Board>(pipelineKeys.board('p', filters))!.data[0]!;
    expect(step.items.map((card) => card.id)).toEqual(['a', 'b', 'c']);
    expect(step.next_cursor).toBeNull();

    // The list is whole: its end asks nothing more; a list without a next page neither.
    act(() => {
      result.current.loadMore('s1');
      result.current.loadMore('s2');
    });
    expect(calls.filter((call) => call.path.includes('/items'))).toHaveLength(1);
  });

  it('asks again after a failed page', async () => {
    const { calls } = stubApi({
      'GET /pipeline/p/steps/s1/items': { status: 500, body: { message: 'Erro', code: 'internal' } },
    });
    const { result } = setUp();
    act(() => result.current.loadMore('s1'));
    await waitFor(() => expect(result.current.isLoading('s1')).toBe(false));
    act(() => result.current.loadMore('s1'));
    await waitFor(() => expect(result.current.isLoading('s1')).toBe(false));
    expect(calls.filter((call) => call.path.includes('/items'))).toHaveLength(2);
  });
});
