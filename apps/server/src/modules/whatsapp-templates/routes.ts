// WhatsApp templates: GET /api/center/channels/:id/whatsapp-templates and POST …/sync (who manages channels;
// the service answers 404 for another company's account first), GET /api/whatsapp-templates (the approved ones,
// for the composer) and POST /api/conversation/:id/messages/template (send one to a contact).
import { Id, Message, SendTemplateRequest, WhatsappTemplateList } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentTemplate } from './presenter.ts';
import type { WhatsappTemplateService } from './service.ts';

export function whatsappTemplateRoutes(app: FastifyInstance, templates: WhatsappTemplateService): void {
  const r = typed(app);
  const Params = z.object({ id: Id });
  const list = (rows: Parameters<typeof presentTemplate>[0][]) => ({ data: rows.map(presentTemplate) });

  r.get(
    '/api/center/channels/:id/whatsapp-templates',
    { schema: { tags: ['center'], params: Params, response: responses(WhatsappTemplateList) } },
    async (request) => list(await templates.list(tenantContext(request), request.params)),
  );
  r.post(
    '/api/center/channels/:id/whatsapp-templates/sync',
    { schema: { tags: ['center'], params: Params, response: responses(WhatsappTemplateList) } },
    async (request) => list(await templates.sync(tenantContext(request), request.params)),
  );
  r.get(
    '/api/whatsapp-templates',
    { schema: { tags: ['messages'], response: responses(WhatsappTemplateList) } },
    async (request) => list(await templates.approved(tenantContext(request))),
  );
  r.post(
    '/api/conversation/:id/messages/template',
    {
      schema: {
        tags: ['messages'],
        params: Params,
        body: SendTemplateRequest,
        response: responses(Message, 201),
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await templates.send(tenantContext(request), { ...request.body, ...request.params })),
  );
}
