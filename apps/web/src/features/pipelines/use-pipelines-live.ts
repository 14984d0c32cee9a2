// Colleagues' changes appear without a reload: the server's pipeline.card (ids and place) moves or removes the
// card on every cached board at once and fetches it when the board lacks its data; the customer's card lists
// and an open card refresh; pipeline.changed (steps, labels, audience) reloads the pipelines. After a reconnect
// everything pipeline-related is fetched again (events may have been missed). Mounting it twice is harmless:
// patches are idempotent and card fetches share one query.
import type { CardChanged, CardList, PipelineList } from '@atende/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { HttpError } from '../../lib/http.ts';
import { useRealtimeStore } from '../../lib/realtime.ts';
import { applyCardEvent, upsertCard } from './board-model.ts';
import { cardQuery, PIPELINES_KEY, pipelineKeys, type BoardFilters } from './pipeline-api.ts';

type BoardKey = ReturnType<typeof pipelineKeys.board>;

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
  const steps =
    client
      .getQueryData<PipelineList>(pipelineKeys.list)
      ?.data.find((pipeline) => pipeline.id === event.pipeline_id)?.steps ?? [];
  for (const [key, board] of client.getQueriesData<CardList>({ queryKey: pipelineKeys.boards })) {
    if (!board || key[2] !== event.pipeline_id) continue;
    const filters = key[3] as BoardFilters;
    const outcome = applyCardEvent(board.data, steps, filters, event);
    client.setQueryData<CardList>(key as BoardKey, { data: outcome.cards });
    if (!outcome.fetch) continue;
    void fetchFresh(client, event.pipeline_id, event.card_id)
      .then((card) =>
        client.setQueryData<CardList>(key as BoardKey, (current) =>
          current ? { data: upsertCard(current.data, filters, event.card_id, card) } : current,
        ),
      )
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
