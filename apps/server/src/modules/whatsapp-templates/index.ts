// The WhatsApp templates module: its service bound to the send path and the credentials box, then its routes.
import type { FastifyInstance } from 'fastify';
import { whatsappTemplateRoutes } from './routes.ts';
import { whatsappTemplateService, type WhatsappTemplateDeps } from './service.ts';

export function registerWhatsappTemplates(app: FastifyInstance, deps: WhatsappTemplateDeps): void {
  whatsappTemplateRoutes(app, whatsappTemplateService(deps));
}
