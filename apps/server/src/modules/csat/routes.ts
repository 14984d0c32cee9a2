// CSAT's addresses: the public page of a link (GET and its form's POST on /s/:token), the widget's answer
// (POST /api/widget/csat/:token, cross-origin like the rest of the widget's calls) and the console's read of
// a conversation's rating (GET /api/conversations/:id/csat).
import { ConversationCsat, CsatAnswer, CsatToken, Id, WidgetCsat } from '@atende/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { responses, typed } from '../../platform/http.ts';
import { languageFromHeader, translate } from '../../platform/i18n/i18n.ts';
import { csatFormPage, csatMessagePage } from './public-page.ts';
import { answerCsat, conversationCsat, csatByToken, type CsatDeps } from './service.ts';

/** A form post is small: a rating and a comment of at most 1000 characters. */
const FORM_BODY_LIMIT = 16 * 1024;

export function csatRoutes(app: FastifyInstance, deps: CsatDeps): void {
  const r = typed(app);

  r.get(
    '/api/conversations/:id/csat',
    {
      schema: {
        tags: ['conversations'],
        params: z.object({ id: Id }),
        response: responses(ConversationCsat),
      },
    },
    async (request) => ({ csat: await conversationCsat(tenantContext(request), request.params.id) }),
  );

  r.post(
    '/api/widget/csat/:token',
    {
      config: { public: true },
      schema: {
        tags: ['widget'],
        params: z.object({ token: CsatToken }),
        body: CsatAnswer,
        response: responses(WidgetCsat),
      },
    },
    async (request, reply) => {
      reply.header('access-control-allow-origin', '*');
      const { csat } = await answerCsat(deps, request.params.token, request.body);
      return { token: request.params.token, rating: csat.rating };
    },
  );

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(body);

  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const options = { config: { public: true }, schema: { hide: true } };

    scope.get<{ Params: { token: string } }>('/s/:token', options, async (request, reply) => {
      const found = CsatToken.safeParse(request.params.token).success
        ? await csatByToken(deps.db, request.params.token)
        : undefined;
      if (!found)
        return html(
          reply,
          404,
          csatMessagePage(languageFromHeader(request.headers['accept-language']), 'invalid'),
        );
      if (found.row.answeredAt) return html(reply, 200, csatMessagePage(found.language, 'already'));
      return html(reply, 200, csatFormPage(found.language, request.params.token));
    });

    scope.post<{ Params: { token: string } }>('/s/:token', options, async (request, reply) => {
      const token = request.params.token;
      const found = CsatToken.safeParse(token).success ? await csatByToken(deps.db, token) : undefined;
      if (!found)
        return html(
          reply,
          404,
          csatMessagePage(languageFromHeader(request.headers['accept-language']), 'invalid'),
        );
      const answer = CsatAnswer.safeParse(request.body ?? {});
      if (!answer.success) {
        return html(
          reply,
          400,
          csatFormPage(found.language, token, translate(found.language, 'csat', 'choose')),
        );
      }
      try {
        await answerCsat(deps, token, answer.data);
        return html(reply, 200, csatMessagePage(found.language, 'thanks'));
      } catch (error) {
        if (error instanceof AppError && error.code === 'csat_already_answered') {
          return html(reply, 409, csatMessagePage(found.language, 'already'));
        }
        throw error;
      }
    });
  });
}
