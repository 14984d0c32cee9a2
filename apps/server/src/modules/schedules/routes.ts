// Scheduled returns (spec §7 Scheduling): mine, a contact's, one, create, update, delete.
import { Id, Ok, Schedule, ScheduleList, ScheduleRequest, ScheduleUpdateRequest } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import type { Deps } from '../../deps.ts';
import { responses, typed } from '../../platform/http.ts';
import {
  contactSchedules,
  createSchedule,
  deleteSchedule,
  getSchedule,
  mySchedules,
  updateSchedule,
} from './service.ts';

const ContactParams = z.object({ id: Id });
const ScheduleParams = z.object({ contactId: Id, id: Id });

export function scheduleRoutes(app: FastifyInstance, deps: Deps): void {
  const r = typed(app);
  const tags = ['schedules'];
  const ctx = tenantContext;

  r.get(
    '/api/conversation/scheduling',
    { schema: { tags, response: responses(ScheduleList) } },
    async (request) => ({
      data: await mySchedules(ctx(request)),
    }),
  );
  r.get(
    '/api/conversation/scheduling/:id',
    { schema: { tags, params: ContactParams, response: responses(ScheduleList) } },
    async (request) => ({ data: await contactSchedules(ctx(request), request.params.id) }),
  );
  r.get(
    '/api/conversation/scheduling/:contactId/:id',
    { schema: { tags, params: ScheduleParams, response: responses(Schedule) } },
    (request) => getSchedule(ctx(request), request.params.contactId, request.params.id),
  );
  r.post(
    '/api/conversation/scheduling/:id',
    { schema: { tags, params: ContactParams, body: ScheduleRequest, response: responses(Schedule, 201) } },
    async (request, reply) =>
      reply.code(201).send(await createSchedule(ctx(request), deps, request.params.id, request.body)),
  );
  r.put(
    '/api/conversation/scheduling/:contactId/:id',
    { schema: { tags, params: ScheduleParams, body: ScheduleUpdateRequest, response: responses(Schedule) } },
    (request) =>
      updateSchedule(ctx(request), deps, request.params.contactId, request.params.id, request.body),
  );
  r.delete(
    '/api/conversation/scheduling/:contactId/:id',
    { schema: { tags, params: ScheduleParams, response: responses(Ok) } },
    async (request) => {
      await deleteSchedule(ctx(request), deps.bus, request.params.contactId, request.params.id);
      return { ok: true as const };
    },
  );
}
