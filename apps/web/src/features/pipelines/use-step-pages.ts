// A list's next page, asked when the end of what it loaded comes into view: one request at a time per list and
// board, none past its end (a null cursor). A failed page is asked again at the next scroll to the end.
import type { Board } from '@atende/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { appendPage } from './board-model.ts';
import { fetchStepPage, pipelineKeys, type BoardFilters } from './pipeline-api.ts';

export function useStepPages(pipelineId: string, filters: BoardFilters) {
  const client = useQueryClient();
  const inFlight = useRef(new Set<string>());
  const [loading, setLoading] = useState<ReadonlySet<string>>(() => new Set());
  const boardKey = JSON.stringify(pipelineKeys.board(pipelineId, filters));

  const loadMore = useCallback(
    (stepId: string) => {
      const key = pipelineKeys.board(pipelineId, filters);
      const cursor = client.getQueryData<Board>(key)?.data.find((step) => step.id === stepId)?.next_cursor;
      const flight = `${boardKey} ${stepId}`;
      if (!cursor || inFlight.current.has(flight)) return;
      inFlight.current.add(flight);
      setLoading(new Set(inFlight.current));
      fetchStepPage(pipelineId, stepId, filters, cursor)
        .then((page) =>
          client.setQueryData<Board>(key, (current) =>
            current ? appendPage(current, stepId, cursor, page) : current,
          ),
        )
        .catch(() => undefined)
        .finally(() => {
          inFlight.current.delete(flight);
          setLoading(new Set(inFlight.current));
        });
    },
    [client, pipelineId, filters, boardKey],
  );

  const isLoading = useCallback(
    (stepId: string) => loading.has(`${boardKey} ${stepId}`),
    [loading, boardKey],
  );
  return { loadMore, isLoading };
}
