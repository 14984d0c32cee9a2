// Pausing service (spec §7): POST /api/pause with a reason pauses the caller, with null resumes; the Center's
// GET /api/center/pauses lists who is paused now. The reasons themselves are a catalogue (GET pause/reasons).
import { ActivePauseList, PauseRequest, UserPause } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentActivePause } from './presenter.ts';
import type { PauseService } from './service.ts';

export function pauseRoutes(app: FastifyInstance, service: PauseService): void {
  const r = typed(app);
  const tags = ['pauses'];

  r.post(
    '/api/pause',
    { schema: { tags, body: PauseRequest, response: responses(UserPause) } },
    async (request) => {
      const ctx = tenantContext(request);
      const reasonId = request.body.reason_id;
      return reasonId ? service.pause(ctx, reasonId) : service.resume(ctx);
    },
  );
  r.get(
    '/api/center/pauses',
    { schema: { tags, response: responses(ActivePauseList) }, config: { ability: 'pauses.monitor' } },
    async (request) => ({ data: (await service.active(tenantContext(request))).map(presentActivePause) }),
  );
}
