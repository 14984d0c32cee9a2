// The satisfaction survey: GET /api/survey (is the user due?), POST /api/survey (answer), POST
// /api/survey/dismiss (not now), and GET /api/center/survey-answers (the answers and their average).
import {
  Ok,
  SurveyAnswerList,
  SurveyAnswerRequest,
  SurveyAnswersQuery,
  SurveyStatus,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentSurveyAnswerList } from './presenter.ts';
import type { SurveyService } from './service.ts';

export function surveyRoutes(app: FastifyInstance, surveys: SurveyService): void {
  const r = typed(app);
  const tags = ['survey'];

  r.get('/api/survey', { schema: { tags, response: responses(SurveyStatus) } }, async (request) => {
    const { due, periodDays } = await surveys.status(tenantContext(request));
    return { due, period_days: periodDays };
  });
  r.post(
    '/api/survey',
    { schema: { tags, body: SurveyAnswerRequest, response: responses(Ok) } },
    async (request) => {
      await surveys.answer(tenantContext(request), request.body);
      return { ok: true as const };
    },
  );
  r.post('/api/survey/dismiss', { schema: { tags, response: responses(Ok) } }, async (request) => {
    await surveys.dismiss(tenantContext(request));
    return { ok: true as const };
  });
  r.get(
    '/api/center/survey-answers',
    {
      config: { ability: 'surveys.read' },
      schema: { tags: ['center'], querystring: SurveyAnswersQuery, response: responses(SurveyAnswerList) },
    },
    async (request) => presentSurveyAnswerList(await surveys.list(tenantContext(request), request.query)),
  );
}
