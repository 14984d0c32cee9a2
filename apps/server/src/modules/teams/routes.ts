// The Center's teams under /api/center/teams: list, read, create, replace (PUT /:id) and archive or unarchive
// (POST /:id/archive|unarchive). Supervising roles reach them (teams.read); which teams, and who may change
// what, is the service's and policy's (administrators every team, a supervisor the teams they supervise). A
// team's routes let the service answer 404 first (another company's team exists for nobody).
import { Id, Team, TeamInput, TeamPage, TeamQuery } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentTeam, presentTeamPage } from './presenter.ts';
import type { TeamService } from './service.ts';

export function teamRoutes(app: FastifyInstance, service: TeamService): void {
  const r = typed(app);
  const tags = ['center'];
  const url = '/api/center/teams';
  const config = { ability: 'teams.read' } as const;
  const entry = { tags, params: z.object({ id: Id }), response: responses(Team) };

  r.get(
    url,
    { config, schema: { tags, querystring: TeamQuery, response: responses(TeamPage) } },
    async (request) => {
      const ctx = tenantContext(request);
      return presentTeamPage(ctx, await service.list(ctx, request.query));
    },
  );
  r.post(
    url,
    {
      config: { ability: 'teams.manage' },
      schema: { tags, body: TeamInput, response: responses(Team, 201) },
    },
    async (request, reply) => {
      const ctx = tenantContext(request);
      return reply.code(201).send(presentTeam(ctx, await service.create(ctx, request.body)));
    },
  );
  r.get(`${url}/:id`, { schema: entry }, async (request) => {
    const ctx = tenantContext(request);
    return presentTeam(ctx, await service.get(ctx, request.params));
  });
  r.put(`${url}/:id`, { schema: { ...entry, body: TeamInput } }, async (request) => {
    const ctx = tenantContext(request);
    return presentTeam(ctx, await service.update(ctx, { ...request.body, id: request.params.id }));
  });
  for (const [action, archived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    r.post(`${url}/:id/${action}`, { schema: entry }, async (request) => {
      const ctx = tenantContext(request);
      return presentTeam(ctx, await service.setArchived(ctx, { id: request.params.id, archived }));
    });
  }
}
