// Pipeline changes to the company's pipeline room after commit: ids and the card's place only, so a board
// moves the card (or fetches it) and every screen converges on the committed order.
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';
import { loadCardPlace } from './cards.ts';

export function notifyPipelineChanges(db: Db, bus: EventBus, io: RealtimeServer): () => void {
  return bus.subscribe(async (event) => {
    if (event.type === 'pipeline.changed') {
      io.to(rooms.pipelines(event.companyId)).emit('pipeline.changed', { pipeline_id: event.pipelineId });
    }
    if (event.type !== 'pipeline.card') return;
    const place = await loadCardPlace(db, event.companyId, event.cardId);
    io.to(rooms.pipelines(event.companyId)).emit('pipeline.card', {
      pipeline_id: event.pipelineId,
      card_id: event.cardId,
      step_id: place?.stepId ?? null,
      position: place?.position ?? null,
      updated_at: (place?.updatedAt ?? new Date()).toISOString(),
    });
  });
}
