// Colleagues' changes appear without a reload: the server's pipeline.card (ids and place) moves or removes a
// loaded card on every cached board at once, counts included; a card the board had not loaded is fetched (when
// it lands where the view looks) and the board counted again by the server, as its former list is unknown. The
// customer's card lists and an open card refresh; pipeline.changed (steps, labels, audience) reloads the
// pipelines. After a reconnect everything pipeline-related is fetched again (events may have been missed).
// Mounting it twice is harmless: patches are idempotent and card fetches share one query.
import type { Board, CardChanged } from '@atende/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { HttpError } from '../../lib/http.ts';
import { useRealtimeStore } from '../../lib/realtime.ts';
import { applyCardEvent, mergeBoard, upsertCard } from './board-model.ts';
import { cardQuery, fetchBoard, PIPELINES_KEY, pipelineKeys, type BoardFilters } from './pipeline-api.ts';

type BoardKey = ReturnType<typeof pipelineKeys.board>;

/** Recounts asked again while one runs, per client and board: they coalesce into one more round. */
const recounts = new WeakMap<QueryClient, Map<string, boolean>>();
const RECOUNT_ROUNDS = 5;

/**
 * The board's first pages and counts asked again and merged over what it shows (the pages scrolled to stay).
 * One request at a time per board; a board nobody looks at is only marked stale.
 */
export async function recountBoard(client: QueryClient, key: BoardKey): Promise<void> {
  const query = client.getQueryCache().find({ queryKey: key, exact: true });
  if (!query?.isActive()) {
    await client.invalidateQueries({ queryKey: key, exact: true });
    return;
  }
  const running = recounts.get(client) ?? new Map<string, boolean>();
  recounts.set(client, running);
  const hash = JSON.stringify(key);
  if (running.has(hash)) {
    running.set(hash, true);
    return;
  }
  running.set(hash, false);
  try {
    for (let round = 0; round < RECOUNT_ROUNDS; round++) {
      running.set(hash, false);
      const fresh = await fetchBoard(key[2], key[3]);
      client.setQueryData<Board>(key, (current) => (current ? mergeBoard(current, fresh) : current));
      if (!running.get(hash)) break;
    }
  } catch {
    await client.invalidateQueries({ queryKey: key, exact: true });
  } finally {
    running.delete(hash);
  }
}

async function fetchFresh(client: QueryClient, pipelineId: string, cardId: string) {
  try {
    return await client.fetchQuery({ ...cardQuery(pipelineId, cardId), staleTime: 0 });
  } catch (error) {
    // Deleted meanwhile, or no longer visible to this user: it leaves the board.
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

export function handleCardEvent(client: QueryClient, event: CardChanged): void {
  for (const [queryKey, board] of client.getQueriesData<Board>({ queryKey: pipelineKeys.boards })) {
    const key = queryKey as BoardKey;
    if (!board || key[2] !== event.pipeline_id) continue;
    const filters: BoardFilters = key[3];
    const outcome = applyCardEvent(board, filters, event);
    client.setQueryData<Board>(key, outcome.board);
    if (outcome.recount) void recountBoard(client, key);
    if (!outcome.fetch) continue;
    void fetchFresh(client, event.pipeline_id, event.card_id)
      .then((card) => {
        const current = client.getQueryData<Board>(key);
        if (!current) return;
        const placed = upsertCard(current, filters, event.card_id, card);
        client.setQueryData<Board>(key, placed.board);
        if (placed.recount) void recountBoard(client, key);
      })
      .catch(() => client.invalidateQueries({ queryKey: key }));
  }
  if (event.step_id === null) client.removeQueries({ queryKey: pipelineKeys.card(event.card_id) });
  else void client.invalidateQueries({ queryKey: pipelineKeys.card(event.card_id) });
  void client.invalidateQueries({ queryKey: pipelineKeys.comments(event.card_id) });
  void client.invalidateQueries({ queryKey: [...PIPELINES_KEY, 'contact'] });
}

export function usePipelinesLive(): void {
  const client = useQueryClient();
  const socket = useRealtimeStore((state) => state.socket);
  const connections = useRealtimeStore((state) => state.connections);

  useEffect(() => {
    if (!socket) return undefined;
    const handleCard = (event: CardChanged) => handleCardEvent(client, event);
    const handlePipeline = () => {
      void client.invalidateQueries({ queryKey: pipelineKeys.list, exact: true });
      void client.invalidateQueries({ queryKey: pipelineKeys.boards });
    };
    socket.on('pipeline.card', handleCard);
    socket.on('pipeline.changed', handlePipeline);
    return () => {
      socket.off('pipeline.card', handleCard);
      socket.off('pipeline.changed', handlePipeline);
    };
  }, [socket, client]);

  useEffect(() => {
    if (connections > 1) void client.invalidateQueries({ queryKey: PIPELINES_KEY });
  }, [connections, client]);
}
