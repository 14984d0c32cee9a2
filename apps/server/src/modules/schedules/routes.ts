// Scheduled returns (spec §7 Scheduling): mine, a contact's, one, create, update, delete.
import { Id, Ok, Schedule, ScheduleList, ScheduleRequest, ScheduleUpdateRequest } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentSchedule } from './presenter.ts';
import type { ScheduleService } from './service.ts';

const ContactParams = z.object({ id: Id });
const ScheduleParams = z.object({ contactId: Id, id: Id });

export function scheduleRoutes(app: FastifyInstance, schedules: ScheduleService): void {
  const r = typed(app);
  const tags = ['schedules'];

  r.get(
    '/api/conversation/scheduling',
    { schema: { tags, response: responses(ScheduleList) } },
    async (request) => ({ data: (await schedules.mine(tenantContext(request))).map(presentSchedule) }),
  );
  r.get(
    '/api/conversation/scheduling/:id',
    { schema: { tags, params: ContactParams, response: responses(ScheduleList) } },
    async (request) => {
      const rows = await schedules.ofContact(tenantContext(request), { contactId: request.params.id });
      return { data: rows.map(presentSchedule) };
    },
  );
  r.get(
    '/api/conversation/scheduling/:contactId/:id',
    { schema: { tags, params: ScheduleParams, response: responses(Schedule) } },
    async (request) => presentSchedule(await schedules.get(tenantContext(request), request.params)),
  );
  r.post(
    '/api/conversation/scheduling/:id',
    { schema: { tags, params: ContactParams, body: ScheduleRequest, response: responses(Schedule, 201) } },
    async (request, reply) => {
      const input = { ...request.body, contactId: request.params.id };
      return reply.code(201).send(presentSchedule(await schedules.create(tenantContext(request), input)));
    },
  );
  r.put(
    '/api/conversation/scheduling/:contactId/:id',
    { schema: { tags, params: ScheduleParams, body: ScheduleUpdateRequest, response: responses(Schedule) } },
    async (request) =>
      presentSchedule(await schedules.update(tenantContext(request), { ...request.body, ...request.params })),
  );
  r.delete(
    '/api/conversation/scheduling/:contactId/:id',
    { schema: { tags, params: ScheduleParams, response: responses(Ok) } },
    async (request) => {
      await schedules.remove(tenantContext(request), request.params);
      return { ok: true as const };
    },
  );
}
