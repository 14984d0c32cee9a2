// buildApp(config, database): registers platform plugins and modules and returns the app without listening,
// so main.ts serves it and tests drive it with inject().
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { JSON_BODY_LIMIT_BYTES, PRODUCT_VERSION } from '@atende/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { CHANNEL_CONNECTORS } from './channels/index.ts';
import { startConnectors } from './channels/connectors.ts';
import type { AppConfig } from './config.ts';
import { createDeps, type Deps, type DepsOptions } from './deps.ts';
import { registerAi } from './modules/ai/index.ts';
import { registerAudit } from './modules/audit/index.ts';
import {
  registerBroadcastNotifier,
  registerBroadcasts,
  registerBroadcastWorker,
} from './modules/broadcasts/index.ts';
import { registerBranding } from './modules/branding/index.ts';
import { registerCampaignNotifier, registerCampaigns } from './modules/campaigns/index.ts';
import { registerChannelAccounts } from './modules/channel-accounts/index.ts';
import { registerCompanySettings, registerRetentionWorker } from './modules/company-settings/index.ts';
import { registerSessions } from './modules/auth/index.ts';
import { registerCatalogueNotifier, registerCatalogues } from './modules/catalogues/index.ts';
import { registerTeamNotifier, registerTeams } from './modules/teams/index.ts';
import { maySeeContact } from './modules/contacts/queries.ts';
import {
  registerContactNotifier,
  registerContacts,
  registerContactWorker,
} from './modules/contacts/index.ts';
import {
  registerConversationNotifier,
  registerConversations,
  registerConversationWorker,
} from './modules/conversations/index.ts';
import { registerEventNotifier, registerEvents } from './modules/events/index.ts';
import { registerHealth } from './modules/health/index.ts';
import {
  registerMessageNotifier,
  registerMessages,
  registerMessageWorker,
} from './modules/messages/index.ts';
import { registerMonitor } from './modules/monitor/index.ts';
import { registerPauseNotifier, registerPauses } from './modules/pauses/index.ts';
import { registerAnalytics, registerAnalyticsWorker } from './modules/analytics/index.ts';
import { registerPhrases } from './modules/phrases/index.ts';
import { registerChangelog, registerChangelogNotifier } from './modules/changelog/index.ts';
import { registerSuggestionNotifier, registerSuggestions } from './modules/suggestions/index.ts';
import { registerProduct } from './modules/product/index.ts';
import { registerResources } from './modules/resources/index.ts';
import {
  registerScheduleNotifier,
  registerSchedules,
  registerScheduleWorker,
} from './modules/schedules/index.ts';
import { registerThreadNotifier, registerThreads } from './modules/threads/index.ts';
import { registerSurveys } from './modules/surveys/index.ts';
import { registerCsat, registerCsatWorker } from './modules/csat/index.ts';
import { registerPipelineNotifier, registerPipelines } from './modules/pipelines/index.ts';
import { registerUsers } from './modules/users/index.ts';
import { registerViews } from './modules/views/index.ts';
import { registerVoice, registerVoiceNotifier } from './modules/voice/index.ts';
import { registerWebhooks } from './modules/webhooks/index.ts';
import { registerWhatsappTemplates } from './modules/whatsapp-templates/index.ts';
import { registerWidget } from './modules/widget/index.ts';
import { registerWidgetSocket, relayAttendantTyping } from './modules/widget/socket.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { serializerCompiler } from './platform/serializer.ts';
import { registerAuth } from './platform/auth.ts';
import { AUTH_CHANNEL } from './platform/session-cache.ts';
import { ACCOUNT_CHANNEL } from './channels/account-cache.ts';
import type { Database } from './platform/db/database.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
import { startEmbeddedVacuum } from './platform/db/embedded-vacuum.ts';
import { loggingOptions } from './platform/logging.ts';
import { createRealtime, type RealtimeServer } from './platform/realtime.ts';
import { validatorCompiler } from './platform/validation.ts';
import { registerWebApp } from './platform/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The platform services, for tests and process-level tools (the simulator's control socket). */
    deps: Deps;
  }
}

/** Every module's registration: each binds its service to the deps it uses and declares its routes. */
const MODULES: ((app: FastifyInstance, deps: Deps) => void)[] = [
  registerChannelAccounts,
  registerAudit,
  registerBranding,
  registerSessions,
  registerUsers,
  registerCatalogues,
  registerTeams,
  registerContacts,
  registerConversations,
  registerMessages,
  registerWidget,
  registerWebhooks,
  registerWhatsappTemplates,
  registerThreads,
  registerPipelines,
  registerSchedules,
  registerPhrases,
  registerPauses,
  registerViews,
  registerEvents,
  registerResources,
  registerHealth,
  registerProduct,
  registerCompanySettings,
  registerSuggestions,
  registerChangelog,
  registerBroadcasts,
  registerAi,
  registerSurveys,
  registerCsat,
  registerVoice,
  // After voice: the dialer reads the embedded PBX's registrations.
  registerCampaigns,
  registerAnalytics,
];

/** The modules' realtime notifiers, started once the realtime server exists. */
const NOTIFIERS: ((io: RealtimeServer, deps: Deps) => void)[] = [
  registerContactNotifier,
  registerConversationNotifier,
  registerMessageNotifier,
  registerEventNotifier,
  registerCatalogueNotifier,
  registerTeamNotifier,
  registerThreadNotifier,
  registerPipelineNotifier,
  registerScheduleNotifier,
  registerPauseNotifier,
  registerSuggestionNotifier,
  registerChangelogNotifier,
  registerBroadcastNotifier,
  registerVoiceNotifier,
  registerCampaignNotifier,
];

/** The modules' job workers, started on worker processes once the job queue has. */
const WORKERS: ((deps: Deps) => Promise<void>)[] = [
  registerMessageWorker,
  registerScheduleWorker,
  registerConversationWorker,
  registerContactWorker,
  registerRetentionWorker,
  registerAnalyticsWorker,
  registerBroadcastWorker,
  registerCsatWorker,
];

export type BuildOptions = DepsOptions & {
  /** Timing of the inbound connections (IMAP): tests sweep and poll faster than production. */
  connectors?: { sweepMs?: number; pollMs?: number };
};

export async function buildApp(
  config: AppConfig,
  database: Database,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(config),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(config.checkResponses));
  registerErrorHandler(app);
  app.addHook('onSend', async (request, reply) => void reply.header('x-request-id', request.id));

  const { deps, close } = createDeps(config, database, app.log, options);
  app.addHook('onClose', close);

  registerSecurityHeaders(app);
  await registerApiDocs(app);
  registerAuth(app, deps.authenticate, deps.db);
  await rememberSessions(app, deps);
  await rememberAccounts(app, deps);
  for (const register of MODULES) register(app, deps);
  await registerWebApp(app, config.webDir);

  const io = createRealtime(app, {
    db: deps.db,
    authenticate: deps.authenticate,
    bus: deps.bus,
    redisUrl: config.redisUrl,
    mayWatchContact: (auth, contactId) => maySeeContact({ ...auth, db: deps.db }, contactId),
    onContactTyping: (auth, contactId, name) =>
      void relayAttendantTyping(deps.db, deps.visitors, auth.companyId, contactId, name).catch(
        (error: unknown) => app.log.warn({ err: error }, 'could not relay typing to the widget'),
      ),
  });
  registerWidgetSocket(io, { ...deps, relay: deps.visitors, log: app.log });
  for (const notify of NOTIFIERS) notify(io, deps);
  // After the realtime server: the monitor's route reads presence from its sockets.
  registerMonitor(app, io, deps);
  registerWorkers(app, deps, options.connectors);
  if (database.kind === 'pglite') registerEmbeddedVacuum(app, database);
  app.decorate('deps', deps);
  return app;
}

/** The job queue starts with the app; this process works jobs unless it serves the API only (ROLE=api). */
function registerWorkers(app: FastifyInstance, deps: Deps, timing: BuildOptions['connectors'] = {}): void {
  let connections: { stop(): Promise<void> } | null = null;
  app.addHook('onReady', async () => {
    await deps.jobs.start();
    if (deps.config.role === 'api') return;
    for (const work of WORKERS) await work(deps);
    connections = startConnectors({
      db: deps.db,
      ingest: deps.ingest,
      bus: deps.bus,
      credentials: deps.credentials,
      log: app.log,
      connectors: CHANNEL_CONNECTORS,
      ...timing,
    });
  });
  app.addHook('onClose', async () => {
    await connections?.stop();
    await deps.jobs.stop();
  });
}

/**
 * Sessions are remembered between requests while this process hears the database's notifications of their
 * changes (any process's commits, migration 0020), and forgotten at once on this process's own revocations.
 * A user's change is also announced on this process's bus, once forgotten here, for its realtime sockets.
 */
async function rememberSessions(app: FastifyInstance, deps: Deps): Promise<void> {
  const listening = await deps.database.listen(AUTH_CHANNEL, {
    notify: (payload) => {
      deps.sessions.changed(payload);
      const userId = USER_PAYLOAD.exec(payload)?.[1];
      if (userId) deps.bus.publish([{ type: 'user.access_changed', userId }]);
    },
    live: (live) => deps.sessions.listening(live),
  });
  deps.bus.subscribe((event) => {
    if (event.type === 'sessions.revoked') deps.sessions.forgetSessions(event.sessionIds);
  });
  app.addHook('onClose', () => listening.close());
}

/**
 * Opened channel accounts are remembered between webhooks while this process hears the database's notifications
 * of their changes (any process's commits, migration 0037), and forgotten at once on this process's own changes.
 */
async function rememberAccounts(app: FastifyInstance, deps: Deps): Promise<void> {
  const listening = await deps.database.listen(ACCOUNT_CHANNEL, {
    notify: (accountId) => deps.accounts.forget(accountId),
    live: (live) => deps.accounts.listening(live),
  });
  deps.bus.subscribe((event) => {
    if (event.type === 'channel_account.changed') deps.accounts.forget(event.accountId);
  });
  app.addHook('onClose', () => listening.close());
}

/** AUTH_CHANNEL's payload for a user's change: `user:<id>`. */
const USER_PAYLOAD = /^user:(.+)$/;

/** Autovacuum's work on the embedded database, which has no autovacuum of its own. */
function registerEmbeddedVacuum(app: FastifyInstance, database: Database): void {
  let vacuum: { stop(): Promise<void> } | null = null;
  app.addHook('onReady', async () => {
    vacuum = startEmbeddedVacuum(database.raw, (error) =>
      app.log.warn({ err: error }, 'embedded database vacuum failed'),
    );
  });
  app.addHook('onClose', async () => vacuum?.stop());
}

async function registerApiDocs(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs') || route.url === '/api/openapi.json') {
      route.config = { ...route.config, public: true };
    }
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Atende API', version: PRODUCT_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
