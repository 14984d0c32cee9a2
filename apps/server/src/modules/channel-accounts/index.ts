// The Center's channel accounts module: its service bound to the event bus, the credentials box and the
// e-mail connection test, then its routes.
import type { FastifyInstance } from 'fastify';
import { testEmailAccount } from '../../channels/email/connection-test.ts';
import { channelAccountRoutes } from './routes.ts';
import { channelAccountService, type ChannelAccountDeps } from './service.ts';

export function registerChannelAccounts(
  app: FastifyInstance,
  deps: Omit<ChannelAccountDeps, 'testEmail'>,
): void {
  channelAccountRoutes(app, channelAccountService({ ...deps, testEmail: testEmailAccount }));
}
