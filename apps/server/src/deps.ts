// Part of the composition root: the services every module and channel is handed, built once per app. Modules
// declare the part they use (structurally), so none of them imports this file.
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { createAccountCache, type AccountCache } from './channels/account-cache.ts';
import type { AdapterRegistry, Choose, Ingest } from './channels/adapter.ts';
import { createChannelHealth, type ChannelHealthRecorder } from './channels/health.ts';
import { allowPrivateProviderAddresses } from './channels/http.ts';
import { CHANNEL_ADAPTERS } from './channels/index.ts';
import { createAdapterRegistry, type KindAdapters } from './channels/registry.ts';
import type { AppConfig } from './config.ts';
import { chooseCsat } from './modules/csat/choose.ts';
import { withCsatComments } from './modules/csat/comment.ts';
import { createIngest } from './modules/messages/ingest.ts';
import { createSearchWindows, type SearchWindows } from './modules/messages/search-windows.ts';
import { createChatAdapter } from './modules/widget/chat-adapter.ts';
import { createVisitorRelay, type VisitorRelay } from './modules/widget/relay.ts';
import { createVisitorTokens, type VisitorTokens } from './modules/widget/visitor-token.ts';
import { createAuthenticator, type Authenticator } from './platform/auth.ts';
import { credentialsBox, type CredentialsBox } from './platform/credentials.ts';
import type { Database, Db } from './platform/db/database.ts';
import { createEventBus, type EventBus } from './platform/events.ts';
import { createJobs, type Jobs } from './platform/jobs.ts';
import { watchOutages } from './platform/redis-outages.ts';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './platform/rate-limit.ts';
import { createSessionCache, type SessionCache } from './platform/session-cache.ts';
import { createUrlSigner, type UrlSigner } from './platform/signed-urls.ts';
import { createFileStorage, type FileStorage } from './platform/storage.ts';
import {
  createMemoryTokenBuckets,
  createRedisTokenBuckets,
  type TokenBuckets,
} from './platform/token-bucket.ts';
import { createTokenService, type TokenService } from './platform/tokens.ts';
import { createMemoryVersions, createRedisVersions, type Versions } from './platform/versions.ts';

export type Deps = {
  config: AppConfig;
  database: Database;
  db: Db;
  bus: EventBus;
  jobs: Jobs;
  adapters: AdapterRegistry;
  /** The one way an inbound message enters the product (modules/messages/ingest.ts, csat/comment.ts first). */
  ingest: Ingest;
  /** Where a customer's pick among a message's native choices goes (only CSAT offers choices today). */
  choose: Choose;
  credentials: CredentialsBox;
  /** Channel accounts opened recently, forgotten when they change (provider webhooks read through it). */
  accounts: AccountCache;
  /** Channel accounts' last inbound, last outbound and last error, for the Center. */
  health: ChannelHealthRecorder;
  tokens: TokenService;
  /** Checks a request's token against its session (remembered by `sessions` between checks). */
  authenticate: Authenticator;
  sessions: SessionCache;
  limiter: RateLimiter;
  /** Flood limits (the widget's visitors), shared by every process through Redis when there is one. */
  buckets: TokenBuckets;
  /** Versions of cached answers (the pipelines' boards), shared by every process through Redis likewise. */
  versions: Versions;
  storage: FileStorage;
  urls: UrlSigner;
  /** The chat widget's visitors: their signed tokens and the way to their browsers. */
  visitorTokens: VisitorTokens;
  visitors: VisitorRelay;
  /** The windows of company-wide message search and their shared starts. */
  searchWindows: SearchWindows;
};

export type DepsOptions = {
  /** Channel adapters by kind (tests pass the loopback registry or adapters pointed at simulators). */
  adapters?: AdapterRegistry;
  /** Company-wide message search's ordered windows (tests shrink them to reach every step on little data). */
  searchWindows?: readonly number[];
};

/** Every kind's adapter: the providers' (channels/) and the chat widget's, which this server delivers. */
export const productAdapters = (server: { db: Db; urls: UrlSigner; relay: VisitorRelay }): KindAdapters => ({
  ...CHANNEL_ADAPTERS,
  chat: createChatAdapter(server),
});

/** The services of one app; `close` ends what they hold open (Redis). */
export function createDeps(
  config: AppConfig,
  database: Database,
  log: FastifyBaseLogger,
  options: DepsOptions = {},
): { deps: Deps; close(): Promise<void> } {
  allowPrivateProviderAddresses(config.providerPrivateAddresses);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  if (redis) watchOutages(redis, 'rate limits', log);
  const db = database.db;
  const urls = createUrlSigner(config.jwtSecret, config.fileUrlTtlMs);
  const visitors = createVisitorRelay();
  const tokens = createTokenService(config.jwtSecret);
  const sessions = createSessionCache();
  const bus = createEventBus((error, event) =>
    log.error({ err: error, event: event.type }, 'event consumer failed'),
  );
  const storage = createFileStorage(join(config.dataDir, 'files'));
  const deps: Deps = {
    config,
    database,
    db,
    bus,
    jobs: createJobs(database, (error) => log.error({ err: error }, 'job queue error')),
    adapters: options.adapters ?? createAdapterRegistry(productAdapters({ db, urls, relay: visitors })),
    // A rating's comment, asked for after a native rating, is taken before the message would reach the queue.
    ingest: withCsatComments({ db, bus }, createIngest({ db, bus, storage })),
    choose: (choice) => chooseCsat(deps, choice),
    credentials: credentialsBox(config.credentialsKey),
    accounts: createAccountCache(),
    health: createChannelHealth(db),
    tokens,
    authenticate: createAuthenticator(db, tokens, sessions),
    sessions,
    limiter: redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter(),
    buckets: redis
      ? createRedisTokenBuckets(redis, config.widgetFlood.redisPrefix)
      : createMemoryTokenBuckets(),
    versions: redis ? createRedisVersions(redis) : createMemoryVersions(),
    storage,
    urls,
    visitorTokens: createVisitorTokens(config.jwtSecret),
    visitors,
    searchWindows: createSearchWindows(options.searchWindows),
  };
  return { deps, close: async () => void (await redis?.quit()) };
}
